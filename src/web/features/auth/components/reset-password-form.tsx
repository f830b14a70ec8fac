import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { resetPassword } from "../api/auth-api";
import { useErrorMessage } from "~/lib/error-message";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblemWithScore,
  resetPasswordProblem,
} from "../lib/password";
import { scorePassword } from "../lib/password-strength";
import { AuthCard, ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { PasswordStrengthMeter } from "./password-strength-meter";

/**
 * Spec §2 "Reset password", adapted to Better Auth: the e-mailed link lands here with
 * ?token=… (valid) or ?error=INVALID_TOKEN (unknown or expired); a verification link opened
 * by a browser that did not sign up lands here too, with ?verified=1 (decision 046).
 */
export function ResetPasswordForm() {
  const { t } = useTranslation("auth");
  const describeError = useErrorMessage();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  // a verification link opened by another browser than the sign-up's lands here (decision 046)
  const verifiedLanding = params.get("verified") === "1";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!token || linkError) {
    return (
      <AuthCard testId="reset-password-page" title={t("resetTitle")}>
        <ErrorAlert testId="reset-link-invalid">{t("resetLinkInvalid")}</ErrorAlert>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <LocalizedLink to="/signin" className={buttonClasses()} data-testid="go-to-signin">
            {t("goToSignin")}
          </LocalizedLink>
          <LocalizedLink to="/forgot-password" className={buttonClasses({ variant: "secondary" })}>
            {t("requestNewLink")}
          </LocalizedLink>
        </div>
      </AuthCard>
    );
  }
  const resetToken = token;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirm);
    if (problem) {
      setError(t(problem, { min: PASSWORD_MIN, max: PASSWORD_MAX }));
      return;
    }
    setError(null);
    setSubmitting(true);
    const weak = passwordProblemWithScore(password, await scorePassword(password));
    if (weak) {
      setError(t(weak, { min: PASSWORD_MIN, max: PASSWORD_MAX }));
      setSubmitting(false);
      return;
    }
    try {
      await resetPassword({ newPassword: password, token: resetToken });
      toast.success(t("resetSuccess"));
      await navigate(to("/signin"), { replace: true });
    } catch (caught) {
      setError(describeError(caught));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      testId="reset-password-page"
      title={t("resetTitle")}
      subtitle={t(verifiedLanding ? "resetVerifiedSubtitle" : "resetSubtitle")}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="reset-password-form">
        {error && <ErrorAlert testId="auth-error">{error}</ErrorAlert>}
        <Field
          id="reset-password"
          data-testid="reset-password"
          label={t("newPassword")}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          hint={t("passwordHint", { min: PASSWORD_MIN })}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordStrengthMeter password={password} id="reset-password-strength" />
        <Field
          id="reset-confirm"
          data-testid="reset-confirm"
          label={t("confirmPassword")}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <SubmitButton
          size="lg"
          className="w-full"
          loading={submitting}
          loadingLabel={t("resetting")}
          data-testid="reset-submit"
        >
          {t("resetButton")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
