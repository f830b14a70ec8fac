import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { z } from "zod";
import { resetPassword } from "../api/auth-api";
import { useContractForm } from "~/components/form/use-contract-form";
import { passwordCodes, passwordMessages } from "../lib/auth-messages";
import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblemWithScore,
} from "../lib/password";
import { scorePassword } from "../lib/password-strength";
import { AuthCard, ErrorAlert, Field } from "~/components/ui/form-parts";
import { AuthFormShell } from "./auth-form-shell";
import { PasswordStrengthMeter } from "./password-strength-meter";

/**
 * Spec §2 "Reset password", adapted to Better Auth: the e-mailed link lands here with
 * ?token=… (valid) or ?error=INVALID_TOKEN (unknown or expired); a verification link opened
 * by a browser that did not sign up lands here too, with ?verified=1 (decision 046).
 */
export function ResetPasswordForm() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  // a verification link opened by another browser than the sign-up's lands here (decision 046)
  const verifiedLanding = params.get("verified") === "1";

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
  return (
    <AuthCard
      testId="reset-password-page"
      title={t("resetTitle")}
      subtitle={t(verifiedLanding ? "resetVerifiedSubtitle" : "resetSubtitle")}
    >
      <NewPasswordForm token={token} />
    </AuthCard>
  );
}

// the request's password rule, and the confirmation that must match it (said even when the
// password itself is refused: spec §5 checks the match first)
const schema = z
  .object({ newPassword: newPasswordSchema, confirm: z.string() })
  .refine((values) => values.newPassword === values.confirm, {
    path: ["confirm"],
    message: "mismatch",
    when: () => true,
  });

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const messages = useMemo(
    () => ({ newPassword: passwordMessages(t), confirm: passwordMessages(t) }),
    [t],
  );
  const codes = useMemo(() => passwordCodes(t, "newPassword" as const), [t]);
  const form = useContractForm({
    schema,
    defaultValues: { newPassword: "", confirm: "" },
    messages,
    codes,
  });
  const password = form.watch("newPassword");

  return (
    <AuthFormShell
      form={form}
      testId="reset-password-form"
      submitLabel={t("resetButton")}
      loadingLabel={t("resetting")}
      submitTestId="reset-submit"
      onValid={async ({ newPassword }) => {
        const weak = passwordProblemWithScore(newPassword, await scorePassword(newPassword));
        if (weak) {
          form.setError(
            "newPassword",
            { type: "weak", message: t(weak, { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
            { shouldFocus: true },
          );
          return;
        }
        await resetPassword({ newPassword, token });
        toast.success(t("resetSuccess"));
        await navigate(to("/signin"), { replace: true });
      }}
    >
      <Field
        id="reset-password"
        data-testid="reset-password"
        label={t("newPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={form.fieldError("newPassword")}
        hint={t("passwordHint", { min: PASSWORD_MIN })}
        {...form.register("newPassword")}
      />
      <PasswordStrengthMeter password={password} id="reset-password-strength" />
      <Field
        id="reset-confirm"
        data-testid="reset-confirm"
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={form.fieldError("confirm")}
        {...form.register("confirm")}
      />
    </AuthFormShell>
  );
}
