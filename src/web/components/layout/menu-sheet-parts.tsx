import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher";

// The foot of the small screens' menu sheet, shared by the app's (mobile-menu.tsx, a Radix
// dialog) and the static pages' (static-menus.tsx, a popover; decision 025).

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
