import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { AuthCard } from "~/components/ui/form-parts";

/** Spec §2: tells the person to check their e-mail; the link expires in 1 hour. */
export function ResetPasswordConfirmation() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard testId="reset-password-confirmation-page" title={t("resetSentTitle")}>
      <div className="space-y-3 text-sm leading-6 text-stone-700">
        <p>{t("resetSentBody")}</p>
        <p className="font-semibold text-stone-900" data-testid="reset-link-expiry">
          {t("resetSentExpiry")}
        </p>
        <p>{t("resetSentSpam")}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LocalizedLink to="/signin" className={buttonClasses()}>
          {t("backToSignin")}
        </LocalizedLink>
        <LocalizedLink to="/forgot-password" className={buttonClasses({ variant: "secondary" })}>
          {t("sendAgain")}
        </LocalizedLink>
      </div>
    </AuthCard>
  );
}
