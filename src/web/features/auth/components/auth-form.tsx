import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { ApiError } from "~/lib/api-client";
import { signUpRequestSchema } from "../../../../contracts/auth";
import { paidPlans } from "../../../../contracts/billing";
import { checkoutPath } from "~/features/billing/checkout-path";
import { AUTH_REDIRECT_KEY, writeKey } from "../lib/storage-keys";
import { sendVerificationEmail, signUpEmail } from "../api/auth-api";
import { useSession } from "../hooks/use-session";
import { useErrorMessage } from "../lib/error-message";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblem,
  passwordProblemWithScore,
} from "../lib/password";
import { scorePassword } from "../lib/password-strength";
import { AuthCard, ErrorAlert, Field, Notice, SubmitButton } from "~/components/ui/form-parts";
import { PasswordStrengthMeter } from "./password-strength-meter";

export type AuthMode = "signin" | "signup";

// the address check of the request the form sends (src/contracts/auth.ts)
const emailSchema = signUpRequestSchema.shape.email;

interface FieldErrors {
  email?: string;
  password?: string;
}

/** The sign-in and sign-up form (spec §2 "Sign-in/sign-up form"). */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation("auth");
  const describeError = useErrorMessage();
  const { signIn, redirecting } = useSession();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resend, setResend] = useState<"idle" | "sending" | "sent">("idle");
  const signup = mode === "signup";
  // A paid plan chosen on the pricing page (?plan=pro&billing=yearly): once the account exists
  // and signs in, the sign-in's redirect goes straight on to checkout (issue 14).
  const [params] = useSearchParams();
  const chosenPlan = params.get("plan");
  const chosenBilling = params.get("billing") ?? "monthly";
  useEffect(() => {
    if (!(paidPlans as readonly string[]).includes(chosenPlan ?? "")) return;
    writeKey(AUTH_REDIRECT_KEY, to(checkoutPath(chosenPlan!, chosenBilling)));
  }, [chosenPlan, chosenBilling, to]);
  const verifyUrl = () => `${window.location.origin}${to("/verify-email")}`;

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    const trimmed = email.trim();
    if (!trimmed) errors.email = t("emailRequired");
    else if (!emailSchema.safeParse(trimmed).success) errors.email = t("emailInvalid");
    if (!password) errors.password = t("passwordRequired");
    else if (signup) {
      const problem = passwordProblem(password);
      if (problem) errors.password = t(problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
    } else if (password.length > PASSWORD_MAX) {
      errors.password = t("passwordTooLong", { max: PASSWORD_MAX });
    }
    return errors;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    setUnverifiedEmail(null);
    setResend("idle");
    const errors = validate();
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      // focus the first field in error once it is marked
      requestAnimationFrame(() =>
        form.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus(),
      );
      return;
    }
    setSubmitting(true);
    const address = email.trim();
    if (signup) {
      // the strength rule needs zxcvbn (loaded by now, or at this moment)
      const weak = passwordProblemWithScore(
        password,
        await scorePassword(password, [address, fullName]),
      );
      if (weak) {
        setFieldErrors({ password: t(weak, { min: PASSWORD_MIN, max: PASSWORD_MAX }) });
        setSubmitting(false);
        requestAnimationFrame(() =>
          form.querySelector<HTMLInputElement>("#auth-password")?.focus(),
        );
        return;
      }
    }
    try {
      if (signup) {
        await signUpEmail({
          email: address,
          password,
          name: fullName.trim(),
          callbackURL: verifyUrl(),
        });
        toast.success(t("verifyEmailToast"));
        await navigate(`${to("/verify-email")}?sent=1`, { state: { email: address } });
        return;
      }
      await signIn(address, password);
      setSubmitting(false); // the session provider's redirect keeps the button busy
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "EMAIL_NOT_VERIFIED") {
        setUnverifiedEmail(address);
      }
      setError(describeError(caught));
      setSubmitting(false);
    }
  }

  async function onResend() {
    if (!unverifiedEmail) return;
    setResend("sending");
    try {
      await sendVerificationEmail({ email: unverifiedEmail, callbackURL: verifyUrl() });
      setResend("sent");
    } catch (caught) {
      setResend("idle");
      setError(describeError(caught));
    }
  }

  return (
    <AuthCard
      testId={`${mode}-page`}
      title={t(signup ? "signupTitle" : "signinTitle")}
      subtitle={t(signup ? "signupSubtitle" : "signinSubtitle")}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="auth-form">
        {error && (
          <ErrorAlert testId="auth-error">
            <p>{error}</p>
            {unverifiedEmail && resend !== "sent" && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3 h-auto min-h-9 py-1.5 whitespace-normal sm:whitespace-normal"
                onClick={onResend}
                disabled={resend === "sending"}
                data-testid="resend-verification"
              >
                {resend === "sending" ? t("resendSending") : t("resendVerification")}
              </Button>
            )}
          </ErrorAlert>
        )}
        {resend === "sent" && (
          <Notice tone="success" testId="resend-verification-sent">
            {t("resendSent")}
          </Notice>
        )}
        {redirecting && (
          <Notice tone="success" testId="signin-success">
            {t("signedInRedirecting")}
          </Notice>
        )}
        {signup && (
          <Field
            id="auth-fullname"
            data-testid="auth-fullname"
            label={t("fullNameOptional")}
            type="text"
            autoComplete="name"
            maxLength={200}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        )}
        <Field
          id="auth-email"
          data-testid="auth-email"
          label={t("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          error={fieldErrors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          id="auth-password"
          data-testid="auth-password"
          label={t("password")}
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          required
          minLength={signup ? PASSWORD_MIN : undefined}
          value={password}
          error={fieldErrors.password}
          hint={signup ? t("passwordHint", { min: PASSWORD_MIN }) : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {signup && (
          <PasswordStrengthMeter
            password={password}
            id="auth-password-strength"
            related={[email, fullName]}
          />
        )}
        {!signup && (
          <div className="text-end text-sm">
            <LocalizedLink
              to="/forgot-password"
              className={buttonClasses({ variant: "link" })}
              data-testid="forgot-password-link"
            >
              {t("forgotPasswordLink")}
            </LocalizedLink>
          </div>
        )}
        <SubmitButton
          size="lg"
          className="w-full"
          loading={submitting || redirecting}
          loadingLabel={t(signup ? "signingUp" : "signingIn")}
          data-testid="auth-submit"
        >
          {t(signup ? "signupButton" : "signinButton")}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t(signup ? "haveAccount" : "noAccount")}{" "}
        <LocalizedLink
          to={signup ? "/signin" : "/signup"}
          className={buttonClasses({ variant: "link" })}
          data-testid="switch-mode-link"
        >
          {t(signup ? "switchToSignin" : "switchToSignup")}
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
