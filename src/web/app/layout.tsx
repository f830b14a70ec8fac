import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { FeedbackButton } from "~/components/layout/feedback-button";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useToasterWanted } from "~/components/ui/toast";
import { RouteGuard } from "~/features/auth/components/route-guard";
import { useSession } from "~/features/auth/hooks/use-session";

const SessionTasks = lazy(() => import("./session-tasks"));
// sonner arrives with the first toast (components/ui/toast.ts), not with the page
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** Every route but the embedded calculator: header, guarded page, footer, feedback, toasts (once one is asked for). */
export default function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const toasterWanted = useToasterWanted();
  return (
    <div className="flex min-h-dvh flex-col print:min-h-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:inset-s-3"
      >
        {t("skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </main>
      <SiteFooter />
      <FeedbackButton />
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster label={t("notifications")} />
        </Suspense>
      ) : null}
      {session.status === "signed-in" ? (
        <Suspense fallback={null}>
          <SessionTasks />
        </Suspense>
      ) : null}
    </div>
  );
}
