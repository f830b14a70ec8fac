import { ChevronDown, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { rememberLanguage, useLanguage, useLanguageHref } from "~/app/language";
import { loadLanguage } from "~/app/i18n";
import type { Language } from "~/app/route-table";

// What the language switcher's stand-in trigger and its Radix menu share.

/** the other language's catalog starts loading as the pointer or focus reaches its link */
export const preloadCatalog = (lang: Language) => ({
  onPointerEnter: () => void loadLanguage(lang),
  onFocus: () => void loadLanguage(lang),
});

export const languageTriggerClasses =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950 data-[state=open]:bg-stone-100";

/** The trigger's content: "EN" and its spoken name. */
export function LanguageTriggerFace() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <>
      {/* the name is this text, not an aria-label: a name that leaves out the visible "EN"
          fails WCAG 2.5.3 (label in name) */}
      <span className="sr-only">
        {t("languageSwitcher.change", { language: t(`languages.${current}`) })}
      </span>
      <Languages className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{current.toUpperCase()}</span>
      <ChevronDown className="size-3.5 text-stone-500" aria-hidden="true" />
    </>
  );
}

/**
 * A language choice's link: the current page in that language (query and fragment kept), stored
 * under localStorage "language" when chosen, its catalog preloaded on approach.
 */
export function useLanguageLinkProps() {
  const hrefFor = useLanguageHref();
  const current = useLanguage();
  return (lang: Language) => ({
    to: hrefFor(lang),
    onClick: () => rememberLanguage(lang),
    ...preloadCatalog(lang),
    hrefLang: lang,
    lang,
    "aria-current": lang === current ? ("true" as const) : undefined,
    preventScrollReset: true,
  });
}
