import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { verifyTwoFactorRequestSchema } from "#contracts/auth.ts";
import { Button } from "~/components/ui/button";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { verifyBackupCode, verifyTotp } from "../api/auth-api";
import { useSession } from "~/lib/use-session";
import { useErrorMessage } from "~/lib/error-message";

type CodeForm = { code: string; trustDevice: boolean };

/**
 * The sign-in's second step when two-factor is on (decision 071): a code from the authenticator
 * app or one of the backup codes, and "trust this device for 30 days".
 */
export function TwoFactorStep({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation("auth");
  const describeError = useErrorMessage();
  const { finishSignIn, redirecting } = useSession();
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CodeForm>({
    resolver: zodResolver(verifyTwoFactorRequestSchema.required()),
    defaultValues: { code: "", trustDevice: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const body = { code: values.code.trim(), trustDevice: values.trustDevice };
      await (backup ? verifyBackupCode(body) : verifyTotp(body));
      await finishSignIn();
    } catch (caught) {
      setError(describeError(caught));
      form.setFocus("code");
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="two-factor-form">
      <p className="text-sm text-stone-700">
        {t(backup ? "secondFactor.backupIntro" : "secondFactor.codeIntro")}
      </p>
      {error && <ErrorAlert testId="two-factor-error">{error}</ErrorAlert>}
      <Field
        id="two-factor-code"
        data-testid="two-factor-code"
        label={t(backup ? "secondFactor.backupCode" : "secondFactor.code")}
        type="text"
        autoComplete="one-time-code"
        inputMode={backup ? "text" : "numeric"}
        autoFocus
        error={errors.code ? t("secondFactor.codeRequired") : undefined}
        {...form.register("code")}
      />
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4 rounded border-stone-300"
          data-testid="two-factor-trust"
          {...form.register("trustDevice")}
        />
        {t("secondFactor.trustDevice")}
      </label>
      <SubmitButton
        size="lg"
        className="w-full"
        loading={isSubmitting || redirecting}
        loadingLabel={t("signingIn")}
        data-testid="two-factor-submit"
      >
        {t("secondFactor.verify")}
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          variant="link"
          size="sm"
          data-testid="two-factor-switch"
          onClick={() => {
            setBackup(!backup);
            setError(null);
            form.reset({ code: "", trustDevice: form.getValues("trustDevice") });
          }}
        >
          {t(backup ? "secondFactor.useApp" : "secondFactor.useBackup")}
        </Button>
        <Button variant="link" size="sm" onClick={onCancel} data-testid="two-factor-cancel">
          {t("secondFactor.startOver")}
        </Button>
      </div>
    </form>
  );
}
