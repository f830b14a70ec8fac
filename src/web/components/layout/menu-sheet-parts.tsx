import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { LanguageSwitcher } from "./language-switcher";

// The foot of the small screens' menu sheet, shared by the app's (mobile-menu.tsx, a Radix
// dialog) and the static pages' (static-menus.tsx, a popover; decision 025).

/** Sign in and sign up, side by side. */
export function SignInUpButtons() {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-3">
      <Button asChild variant="secondary" size="lg">
        <LocalizedLink to="/signin">{t("nav.login")}</LocalizedLink>
      </Button>
      <Button asChild size="lg">
        <LocalizedLink to="/signup">{t("nav.signup")}</LocalizedLink>
      </Button>
    </div>
  );
}

/** "Language" and the languages as links to this page in each. */
export function MenuLanguageRow() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-medium text-stone-600">{t("languageSwitcher.label")}</span>
      <LanguageSwitcher variant="inline" />
    </div>
  );
}
