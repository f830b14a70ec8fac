import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { requestPasswordResetRequestSchema } from "#contracts/auth.ts";
import { toast } from "~/components/ui/toast";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { useContractForm } from "~/components/form/use-contract-form";
import { requestPasswordReset } from "../api/auth-api";
import { AuthCard, Field } from "~/components/ui/form-parts";
import { AuthFormShell } from "./auth-form-shell";
import { emailMessages } from "../lib/auth-messages";

// the request's address rule, trimmed first as a person types it
const schema = z.object({
  email: z.string().trim().pipe(requestPasswordResetRequestSchema.shape.email),
});

/** Spec §2 "Forgot password": e-mail → reset link → /reset-password-confirmation. */
export function ForgotPasswordForm() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const messages = useMemo(() => ({ email: emailMessages(t) }), [t]);
  const form = useContractForm({ schema, defaultValues: { email: "" }, messages });

  return (
    <AuthCard testId="forgot-password-page" title={t("forgotTitle")} subtitle={t("forgotSubtitle")}>
      <AuthFormShell
        form={form}
        testId="forgot-password-form"
        submitLabel={t("sendResetLink")}
        loadingLabel={t("sending")}
        submitTestId="forgot-submit"
        onValid={async ({ email }) => {
          await requestPasswordReset({
            email,
            redirectTo: `${window.location.origin}${to("/reset-password")}`,
          });
          toast.success(t("resetEmailSent"));
          await navigate(to("/reset-password-confirmation"));
        }}
      >
        <Field
          id="forgot-email"
          data-testid="forgot-email"
          label={t("email")}
          type="email"
          autoComplete="email"
          required
          error={form.fieldError("email")}
          {...form.register("email")}
        />
      </AuthFormShell>
      <p className="mt-6 text-center text-sm">
        <LocalizedLink to="/signin" className={buttonClasses({ variant: "link" })}>
          {t("backToSignin")}
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
