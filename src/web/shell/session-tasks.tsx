import { lazy, Suspense, useState } from "react";
import { PENDING_MIGRATION_KEY, readKey } from "~/lib/storage-keys";
import { useRememberReminderLocale } from "~/features/tracker/hooks/use-remember-reminder-locale";

// the migration (and the calculator's texts it speaks with) loads only when a guest calculation
// waits for the account, not on every signed-in page (issue 12)
const GuestMigration = lazy(() => import("~/features/calculator/components/guest-migration"));
const hasPendingMigration = () => readKey(PENDING_MIGRATION_KEY) !== null;

/**
 * What runs on every page once someone is signed in: a guest calculation waiting for the
 * account is saved, and reminder e-mails learn the person's language and time zone. Loaded
 * only with a session (shell/layout.tsx), so public pages never download it.
 */
export default function SessionTasks() {
  useRememberReminderLocale();
  // checked at each render (every navigation); once started, the migration stays mounted
  const [migrating, setMigrating] = useState(hasPendingMigration);
  if (!migrating && hasPendingMigration()) setMigrating(true);
  return migrating ? (
    <Suspense fallback={null}>
      <GuestMigration />
    </Suspense>
  ) : null;
}
