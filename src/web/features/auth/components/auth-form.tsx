import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { ApiError } from "~/lib/api-client";
import { z } from "zod";
import { signInRequestSchema, signUpRequestSchema } from "#contracts/auth.ts";
import { NAME_MAX } from "#contracts/user-fields.ts";
import { useContractForm } from "~/components/form/use-contract-form";
import { paidPlans } from "#contracts/billing.ts";
import { checkoutPath } from "~/lib/checkout-path";
import { AUTH_REDIRECT_KEY, writeKey } from "~/lib/storage-keys";
import { sendVerificationEmail, signUpEmail } from "../api/auth-api";
import { useSession } from "~/lib/use-session";
import { useErrorMessage } from "~/lib/error-message";
import { emailMessages, passwordCodes, passwordMessages } from "../lib/auth-messages";
import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblemWithScore,
} from "../lib/password";
import { scorePassword } from "../lib/password-strength";
import { AuthCard, ErrorAlert, Field, Notice, SubmitButton } from "~/components/ui/form-parts";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { TwoFactorStep } from "./two-factor-step";

export type AuthMode = "signin" | "signup";

// The requests' own rules (src/contracts/auth.ts), the address trimmed as a person types it;
// sign-in takes any password up to the length Better Auth accepts, sign-up the server's rule.
const email = z.string().trim().pipe(signUpRequestSchema.shape.email);
const signInSchema = z.object({
  name: z.string(),
  email,
  password: signInRequestSchema.shape.password.max(PASSWORD_MAX, "too_long"),
});
const signUpSchema = z.object({
  name: signUpRequestSchema.shape.name.unwrap(),
  email,
  password: newPasswordSchema,
});

/** The sign-in and sign-up form (spec §2 "Sign-in/sign-up form"). */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation("common");
  const describeError = useErrorMessage();
  const { signIn, redirecting } = useSession();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const signup = mode === "signup";
  const messages = useMemo(() => ({ email: emailMessages(t), password: passwordMessages(t) }), [t]);
  const codes = useMemo(
    () => ({
      ...passwordCodes(t, "password" as const),
      NAME_TOO_LONG: { field: "name" as const, message: tc("form.too_long", { max: NAME_MAX }) },
    }),
    [t, tc],
  );
  const form = useContractForm({
    schema: signup ? signUpSchema : signInSchema,
    defaultValues: { name: "", email: "", password: "" },
    messages,
    codes,
  });
  const [fullName, address, password] = form.watch(["name", "email", "password"]);
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resend, setResend] = useState<"idle" | "sending" | "sent">("idle");
  // the password was right and two-factor is on: the code comes next (decision 071)
  const [secondStep, setSecondStep] = useState(false);
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

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setUnverifiedEmail(null);
    setResend("idle");
    if (signup) {
      // the strength rule needs zxcvbn (loaded by now, or at this moment)
      const weak = passwordProblemWithScore(
        values.password,
        await scorePassword(values.password, [values.email, values.name]),
      );
      if (weak) {
        form.setError(
          "password",
          { type: "weak", message: t(weak, { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
          { shouldFocus: true },
        );
        return;
      }
    }
    try {
      if (signup) {
        await signUpEmail({
          email: values.email,
          password: values.password,
          name: values.name,
          callbackURL: verifyUrl(),
        });
        toast.success(t("verifyEmailToast"));
        await navigate(`${to("/verify-email")}?sent=1`, { state: { email: values.email } });
        return;
      }
      if ((await signIn(values.email, values.password)) === "second-factor") setSecondStep(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "EMAIL_NOT_VERIFIED") {
        setUnverifiedEmail(values.email);
      }
      if (!form.applyServerError(caught)) setError(describeError(caught));
    }
  });

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
      {secondStep ? (
        <TwoFactorStep
          onCancel={() => {
            setSecondStep(false);
            form.setValue("password", "");
          }}
        />
      ) : (
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
              maxLength={NAME_MAX}
              error={form.fieldError("name")}
              {...form.register("name")}
            />
          )}
          <Field
            id="auth-email"
            data-testid="auth-email"
            label={t("email")}
            type="email"
            // sign-in: the browser may offer passkeys in this field's autofill
            autoComplete={signup ? "email" : "email webauthn"}
            inputMode="email"
            required
            error={form.fieldError("email")}
            {...form.register("email")}
          />
          <Field
            id="auth-password"
            data-testid="auth-password"
            label={t("password")}
            type="password"
            autoComplete={signup ? "new-password" : "current-password"}
            required
            minLength={signup ? PASSWORD_MIN : undefined}
            error={form.fieldError("password")}
            hint={signup ? t("passwordHint", { min: PASSWORD_MIN }) : undefined}
            {...form.register("password")}
          />
          {signup && (
            <PasswordStrengthMeter
              password={password}
              id="auth-password-strength"
              related={[address, fullName]}
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
            loading={form.formState.isSubmitting || redirecting}
            loadingLabel={t(signup ? "signingUp" : "signingIn")}
            data-testid="auth-submit"
          >
            {t(signup ? "signupButton" : "signinButton")}
          </SubmitButton>
          {!signup && <PasskeySignIn onError={(caught) => setError(describeError(caught))} />}
        </form>
      )}
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
