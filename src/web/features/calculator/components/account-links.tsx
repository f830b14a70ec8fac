import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";

/**
 * A guest's way to keep a calculation: sign in or sign up, the calculation kept for the account
 * first (`onKeep`). The Save button's dialog and the prompt under the result both offer it.
 */
export function AccountLinks({ onKeep }: { onKeep: () => void }) {
  const { t } = useTranslation("calculator");
  return (
    <>
      <LocalizedLink
        to="/signin"
        onClick={onKeep}
        className={buttonClasses({ variant: "secondary" })}
        data-testid="guest-save-signin"
      >
        {t("save.signIn")}
      </LocalizedLink>
      <LocalizedLink
        to="/signup"
        onClick={onKeep}
        className={buttonClasses()}
        data-testid="guest-save-signup"
      >
        {t("save.signUp")}
      </LocalizedLink>
    </>
  );
}
