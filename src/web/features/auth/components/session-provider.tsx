import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
import { languageFromPath } from "~/app/i18n";
import { translateLater } from "~/app/translate-later";
import { localizedPath } from "~/app/route-table";
import { ApiError } from "~/lib/api-client";
import { subscribeToApiErrors } from "~/lib/api-errors";
import { getSession, type AuthUser } from "../api/session-api";
import {
  SessionContext,
  type SessionState,
  type SessionStatus,
  type SessionUser,
} from "~/lib/use-session";
import { errorMessageLater } from "~/lib/error-message";
import { accessOf, takePostSignInDestination } from "../lib/paths";
import { clearUserData, removeKey, SIGNED_IN_HINT_KEY, writeKey } from "~/lib/storage-keys";

/** Spec §2: the redirect after sign-in waits about 1000 ms. */
export const POST_SIGN_IN_DELAY_MS = 1000;
/** Spec §9: the session is checked again at most every 30 s (on focus). */
const RECHECK_INTERVAL_MS = 30_000;

function toSessionUser(user: AuthUser): SessionUser {
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // the auth and errors catalogs load when a toast needs them, not with every page (decision 035)
  const { i18n } = useTranslation();
  const [status, setStatusState] = useState<SessionStatus>("loading");
  const [user, setUser] = useState<SessionUser | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // Values read by timers and cache listeners, which must not capture stale renders.
  const statusRef = useRef<SessionStatus>("loading");
  const setStatus = useCallback((next: SessionStatus) => {
    statusRef.current = next;
    setStatusState(next);
  }, []);
  const langRef = useRef(languageFromPath(pathname));
  const pathRef = useRef(pathname);
  useEffect(() => {
    langRef.current = languageFromPath(pathname);
    pathRef.current = pathname;
  }, [pathname]);
  const lastCheck = useRef(0);
  const clearCachePending = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const becomeSignedOut = useCallback(() => {
    clearUserData();
    clearCachePending.current = true;
    setUser(null);
    setStatus("signed-out");
  }, [setStatus]);

  const load = useCallback(async () => {
    lastCheck.current = Date.now();
    try {
      const session = await getSession();
      if (session) {
        setUser(toSessionUser(session.user));
        setStatus("signed-in");
      } else if (statusRef.current === "signed-in") {
        becomeSignedOut(); // the session disappeared (expired, revoked, other tab)
      } else {
        setStatus("signed-out");
      }
    } catch (error) {
      // A network blip keeps a known session; a first check that fails means signed out.
      if (statusRef.current === "loading") setStatus("signed-out");
      if (!(error instanceof ApiError && error.status === 401)) {
        void translateLater(i18n, "auth", (t) => t("auth:sessionFailed"))
          .then((fallback) => errorMessageLater(i18n, error, fallback))
          .then((text) => toast.error(text, { id: "session-failed" }));
      } else if (statusRef.current === "signed-in") {
        becomeSignedOut();
      }
    }
  }, [becomeSignedOut, setStatus, i18n]);

  // the static pages ask for the session only in a browser signed in here (lib/signed-in-hint.ts);
  // signing out clears it with the rest of the user's data
  useEffect(() => {
    if (status === "signed-in") writeKey(SIGNED_IN_HINT_KEY, "1");
    else if (status === "signed-out") removeKey(SIGNED_IN_HINT_KEY);
  }, [status]);

  useEffect(() => {
    void load();
    // load once on mount; later checks come from focus and 401 answers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Clear the query cache only after the render that unmounted the signed-in screens.
  useEffect(() => {
    if (status === "signed-out" && clearCachePending.current) {
      clearCachePending.current = false;
      queryClient.clear();
    }
  }, [status, queryClient]);

  // Any API answer 401 while we believe we are signed in: check the session again.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401 && statusRef.current === "signed-in") {
        void load();
      }
    };
    return subscribeToApiErrors(queryClient, onError);
  }, [queryClient, load]);

  // Coming back to the tab re-checks the session (signed out elsewhere, expired).
  useEffect(() => {
    const onVisible = () => {
      if (
        document.visibilityState === "visible" &&
        statusRef.current === "signed-in" &&
        Date.now() - lastCheck.current > RECHECK_INTERVAL_MS
      ) {
        void load();
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load]);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const finishSignIn = useCallback(async () => {
    const session = await getSession();
    if (!session) throw new ApiError(401, "FAILED_TO_GET_SESSION", "Failed to get session");
    lastCheck.current = Date.now();
    setRedirecting(true);
    setUser(toSessionUser(session.user));
    setStatus("signed-in");
    void translateLater(i18n, "auth", (t) => t("auth:signedIn")).then((text) =>
      toast.success(text),
    );
    if (redirectTimer.current) clearTimeout(redirectTimer.current);
    redirectTimer.current = setTimeout(() => {
      redirectTimer.current = null;
      const lang = langRef.current;
      const destination = takePostSignInDestination(lang);
      // `redirecting` ends once the address has left the sign-in page (effect below), so
      // the guard never sends the person to /dashboard instead of their destination.
      if (accessOf(pathRef.current) !== "guest-only") setRedirecting(false);
      void navigate(destination, { replace: true });
    }, POST_SIGN_IN_DELAY_MS);
  }, [navigate, setStatus, i18n]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const callbackURL = `${window.location.origin}${localizedPath(langRef.current, "verify-email")}`;
      // auth-api (and zod's full API) comes with the first sign-in or sign-out (decision 035)
      const { signInEmail } = await import("../api/auth-api");
      const answer = await signInEmail({ email, password, callbackURL });
      // two-factor on: the password was right, a code comes next (decision 071)
      if ("twoFactorRedirect" in answer && answer.twoFactorRedirect) return "second-factor";
      await finishSignIn();
      return "signed-in";
    },
    [finishSignIn],
  );

  const signOut = useCallback(
    async (options?: { quiet?: boolean }) => {
      try {
        const { signOutRequest } = await import("../api/auth-api");
        await signOutRequest();
      } catch (error) {
        // Already without a session on the server: finish signing out here too. Any other
        // failure rejects, and the caller (the header) says so.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
      setRedirecting(false);
      // The guard must not remember the page being left as a destination for the next
      // sign-in: `signingOut` holds it back until the address is no longer a protected one.
      setSigningOut(true);
      becomeSignedOut();
      if (!options?.quiet) {
        void translateLater(i18n, "auth", (t) => t("auth:logoutSuccess")).then((text) =>
          toast.success(text),
        );
      }
      await navigate(localizedPath(langRef.current, ""));
    },
    [becomeSignedOut, navigate, i18n],
  );

  useEffect(() => {
    if (signingOut && accessOf(pathname) !== "protected") setSigningOut(false);
  }, [signingOut, pathname]);

  useEffect(() => {
    if (redirecting && !redirectTimer.current && accessOf(pathname) !== "guest-only") {
      setRedirecting(false);
    }
  }, [redirecting, pathname]);

  const value = useMemo<SessionState>(
    () => ({
      status,
      user,
      refresh: load,
      signOut,
      signIn,
      finishSignIn,
      redirecting,
      signingOut,
    }),
    [status, user, load, signOut, signIn, finishSignIn, redirecting, signingOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
