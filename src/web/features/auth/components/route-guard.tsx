import { useDeferredValue, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useLanguage, useLocalizedPath } from "~/app/language";
import { useSession } from "~/lib/use-session";
import { accessOf, safeDestination } from "../lib/paths";
import { AUTH_REDIRECT_KEY, readKey, removeKey, writeKey } from "~/lib/storage-keys";
import { PageSpinner } from "~/components/ui/page-spinner";
import { chosenPlanCheckout } from "~/lib/checkout-path";

/** Spec §2: a pending stored redirect on the sign-in/sign-up pages is followed after 500 ms. */
export const PENDING_REDIRECT_DELAY_MS = 500;

/**
 * Enforces the pages' access rules (src/contracts/web-routes.ts) for the current path:
 * protected pages need a session, guest-only pages (/signin, /signup) send signed-in people on.
 */
export function RouteGuard({ children }: { children: React.ReactNode }) {
  const { status, redirecting, signingOut } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const to = useLocalizedPath();
  const access = accessOf(pathname);

  const mustSignIn = access === "protected" && status === "signed-out" && !signingOut;
  // When the session arrives, the header takes its signed-in face at once and the page mounts in
  // a deferred render, which React slices into short tasks (the session's answer comes through
  // a store, whose updates are never a transition themselves; decision 050). A guard that
  // mounts signed in (a navigation) shows its page at once.
  const pageStatus = useDeferredValue(status);
  const mustLeave = access === "guest-only" && status === "signed-in" && !redirecting;

  useEffect(() => {
    if (!mustSignIn) return;
    writeKey(AUTH_REDIRECT_KEY, `${pathname}${search}${hash}`);
    void navigate(to("/signin"), { replace: true });
  }, [mustSignIn, pathname, search, hash, navigate, to]);

  useEffect(() => {
    if (!mustLeave) return;
    const pending = safeDestination(readKey(AUTH_REDIRECT_KEY), lang);
    if (!pending || accessOf(pending) === "guest-only") {
      // a paid plan chosen on the pricing page (/signup?plan=pro…) is bought at checkout
      void navigate(to(chosenPlanCheckout(search) ?? "/dashboard"), { replace: true });
      return;
    }
    const timer = setTimeout(() => {
      removeKey(AUTH_REDIRECT_KEY);
      void navigate(pending, { replace: true });
    }, PENDING_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mustLeave, lang, navigate, to, search]);

  // a whole screen while the session loads: the footer waits below the fold instead of jumping
  // down when the page appears (issue 12, CLS)
  if (access === "protected" && (status !== "signed-in" || pageStatus !== "signed-in")) {
    return (
      <div className="min-h-dvh">
        <PageSpinner />
      </div>
    );
  }
  if (mustLeave) return <PageSpinner />;
  return <>{children}</>;
}
