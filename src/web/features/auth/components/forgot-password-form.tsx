import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { requestPasswordResetRequestSchema } from "#contracts/auth.ts";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { requestPasswordReset } from "../api/auth-api";
import { useErrorMessage } from "~/lib/error-message";
import { AuthCard, ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";

/** Spec §2 "Forgot password": e-mail → reset link → /reset-password-confirmation. */
export function ForgotPasswordForm() {
  const { t } = useTranslation("auth");
  const describeError = useErrorMessage();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    const problem = !address
      ? t("emailRequired")
      : requestPasswordResetRequestSchema.shape.email.safeParse(address).success
        ? null
        : t("emailInvalid");
    setFieldError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await requestPasswordReset({
        email: address,
        redirectTo: `${window.location.origin}${to("/reset-password")}`,
      });
      toast.success(t("resetEmailSent"));
      await navigate(to("/reset-password-confirmation"));
    } catch (caught) {
      setError(describeError(caught));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard testId="forgot-password-page" title={t("forgotTitle")} subtitle={t("forgotSubtitle")}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="forgot-password-form">
        {error && <ErrorAlert testId="auth-error">{error}</ErrorAlert>}
        <Field
          id="forgot-email"
          data-testid="forgot-email"
          label={t("email")}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton
          size="lg"
          className="w-full"
          loading={submitting}
          loadingLabel={t("sending")}
          data-testid="forgot-submit"
        >
          {t("sendResetLink")}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <LocalizedLink to="/signin" className={buttonClasses({ variant: "link" })}>
          {t("backToSignin")}
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
