import { useGuestMigration } from "~/features/calculator/hooks/use-guest-migration";
import { useRememberReminderLocale } from "~/features/tracker/hooks/use-remember-reminder-locale";

/**
 * What runs on every page once someone is signed in: a guest calculation waiting for the
 * account is saved, and reminder e-mails learn the person's language and time zone. Loaded
 * only with a session (app/layout.tsx), so public pages never download it.
 */
export default function SessionTasks() {
  useGuestMigration();
  useRememberReminderLocale();
  return null;
}
