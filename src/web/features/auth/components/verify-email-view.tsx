import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useLanguage, useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { sendVerificationEmail } from "../api/auth-api";
import { useSession } from "~/lib/use-session";
import { useErrorMessage } from "~/lib/error-message";
import { takePostSignInDestination } from "../lib/paths";
import { AuthCard, ErrorAlert, Notice } from "~/components/ui/form-parts";
import { PageSpinner } from "~/components/ui/page-spinner";

/** How long the success notice stays before the next page opens. */
export const VERIFIED_REDIRECT_DELAY_MS = 2000;

/**
 * Spec §2 "Verify e-mail". Better Auth checks the e-mailed link itself and redirects here:
 * signed in when the browser is the one that signed up, with ?verified=1 (sign in yourself)
 * in any other browser, with ?verified=already when the address was verified before (issue 11:
 * the link opened again, expired or not), with ?error=… when the link is bad. Sign-up sends
 * people here with ?sent=1 and the address in the history state.
 */
export function VerifyEmailView() {
  const { t } = useTranslation("auth");
  const { status, user } = useSession();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const verified = status === "signed-in" && (user?.emailVerified ?? false);
  const already = params.get("verified") === "already";

  useEffect(() => {
    if (!verified || already) return;
    // The link signs the person in: they continue to the page they first asked for.
    const timer = setTimeout(
      () => void navigate(takePostSignInDestination(lang), { replace: true }),
      VERIFIED_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [verified, already, navigate, lang]);

  if (status === "loading") return <PageSpinner label={t("verifyChecking")} />;

  // The link was opened again after the address was verified: nothing failed.
  if (already) {
    return (
      <AuthCard testId="verify-email-page" title={t("alreadyVerifiedTitle")}>
        <Notice tone="success" testId="verify-email-already">
          {verified ? t("alreadyVerifiedSignedIn") : t("alreadyVerified")}
        </Notice>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {verified ? (
            <LocalizedLink
              to="/dashboard"
              className={buttonClasses()}
              data-testid="go-to-dashboard"
            >
              {t("goToDashboard")}
            </LocalizedLink>
          ) : (
            <SignInOrResetLinks />
          )}
        </div>
      </AuthCard>
    );
  }

  // The link verified the address in a browser that did not sign up (decision 012): it signs
  // nobody in; the person signs in with the password, or resets it if they do not know it.
  if (params.get("verified") === "1" && !params.get("error")) {
    return (
      <AuthCard testId="verify-email-page" title={t("verifiedSignInTitle")}>
        <div className="space-y-4">
          <Notice tone="success" testId="verify-email-signin">
            {t("verifiedSignIn")}
          </Notice>
          <p className="text-sm leading-6 text-stone-700">{t("verifiedSignInHelp")}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <SignInOrResetLinks />
        </div>
      </AuthCard>
    );
  }

  if (verified) {
    return (
      <AuthCard testId="verify-email-page" title={t("verifySuccessTitle")}>
        <Notice tone="success" testId="verify-email-success">
          {t("verifySuccess")}
        </Notice>
        <LocalizedLink to="/dashboard" className={buttonClasses({ className: "mt-6 w-full" })}>
          {t("goToDashboard")}
        </LocalizedLink>
      </AuthCard>
    );
  }

  if (params.get("sent") === "1" && !params.get("error")) {
    const sentTo = (location.state as { email?: unknown } | null)?.email;
    return <CheckInbox email={typeof sentTo === "string" ? sentTo : null} />;
  }

  // An expired link of an address not verified yet: signing in sends a new one.
  const expired = params.get("error") === "TOKEN_EXPIRED";
  return (
    <AuthCard
      testId="verify-email-page"
      title={expired ? t("verifyExpiredTitle") : t("verifyFailedTitle")}
    >
      <ErrorAlert testId="verify-email-failed">
        {expired ? t("verifyExpired") : t("verifyFailed")}
      </ErrorAlert>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LocalizedLink to="/signin" className={buttonClasses()}>
          {t("goToSignin")}
        </LocalizedLink>
        <LocalizedLink to="/signup" className={buttonClasses({ variant: "secondary" })}>
          {t("switchToSignup")}
        </LocalizedLink>
      </div>
    </AuthCard>
  );
}

/** After sign-up: "check your inbox", with a resend button when the address is known. */
function CheckInbox({ email }: { email: string | null }) {
  const { t } = useTranslation("auth");
  const describeError = useErrorMessage();
  const to = useLocalizedPath();
  const [resend, setResend] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  async function onResend() {
    if (!email) return;
    setResend("sending");
    setError(null);
    try {
      await sendVerificationEmail({
        email,
        callbackURL: `${window.location.origin}${to("/verify-email")}`,
      });
      setResend("sent");
    } catch (caught) {
      setResend("idle");
      setError(describeError(caught));
    }
  }

  return (
    <AuthCard testId="verify-email-page" title={t("verifySentTitle")}>
      <div className="space-y-4">
        <Notice testId="verify-email-sent">
          {email ? t("verifySentTo", { email }) : t("verifySent")}
        </Notice>
        <p className="text-sm leading-6 text-stone-700">{t("verifySentHelp")}</p>
        {error && <ErrorAlert testId="auth-error">{error}</ErrorAlert>}
        {resend === "sent" && (
          <Notice tone="success" testId="resend-verification-sent">
            {t("resendSent")}
          </Notice>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LocalizedLink to="/signin" className={buttonClasses()}>
          {t("goToSignin")}
        </LocalizedLink>
        {email && resend !== "sent" && (
          <Button
            variant="secondary"
            onClick={onResend}
            disabled={resend === "sending"}
            data-testid="resend-verification"
          >
            {resend === "sending" ? t("resendSending") : t("resendVerification")}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}

/** Sign in with the password, or reset it when it is not known (the account was verified). */
function SignInOrResetLinks() {
  const { t } = useTranslation("auth");
  return (
    <>
      <LocalizedLink to="/signin" className={buttonClasses()} data-testid="go-to-signin">
        {t("goToSignin")}
      </LocalizedLink>
      <LocalizedLink
        to="/forgot-password"
        className={buttonClasses({ variant: "secondary" })}
        data-testid="forgot-password-link"
      >
        {t("forgotPasswordLink")}
      </LocalizedLink>
    </>
  );
}
