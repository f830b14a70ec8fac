import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { isLanguagePrefix } from "../../contracts/web-routes";
import { FeedbackButton } from "~/components/layout/feedback-button";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/shell/site-header";
import { useToasterWanted } from "~/components/ui/toast";
import { RouteGuard } from "~/features/auth/components/route-guard";
import { useSession } from "~/lib/use-session";
import NotFound from "~/routes/not-found";

const SessionTasks = lazy(() => import("./session-tasks"));
// sonner arrives with the first toast (components/ui/toast.ts), not with the page
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The route of every page in every language (routes.ts, `:lang?`): header, guarded page, footer,
 * feedback, toasts (once one is asked for).
 */
export default function AppLayout() {
  const { t } = useTranslation();
  // "/de/…", "/en/…": a first segment the router took for a language that is none (404)
  const { lang: prefix } = useParams();
  const known = prefix === undefined || isLanguagePrefix(prefix);
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
        {known ? (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ) : (
          <NotFound />
        )}
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
