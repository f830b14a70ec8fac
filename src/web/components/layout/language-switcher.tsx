import { Check, ChevronDown, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { rememberLanguage, useLanguage, useLanguageHref } from "~/app/language";
import { loadLanguage } from "~/app/i18n";
import { languages, type Language } from "~/app/route-table";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";

// the other language's catalog starts loading as the pointer or focus reaches its link
const preload = (lang: Language) => ({
  onPointerEnter: () => void loadLanguage(lang),
  onFocus: () => void loadLanguage(lang),
});

/**
 * EN / FR / NL (spec §2): each choice is a real link to the current page in that language,
 * keeping query and fragment; choosing one also stores it under localStorage "language".
 */
export function LanguageSwitcher({
  variant = "menu",
  className,
}: {
  variant?: "menu" | "inline";
  className?: string;
}) {
  const { t } = useTranslation();
  const hrefFor = useLanguageHref();
  const current = useLanguage();

  if (variant === "inline") {
    return (
      <nav aria-label={t("languageSwitcher.label")} className={className}>
        <ul className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-sm">
          {languages.map((lang) => (
            <li key={lang}>
              <Link
                to={hrefFor(lang)}
                onClick={() => rememberLanguage(lang)}
                {...preload(lang)}
                hrefLang={lang}
                lang={lang}
                aria-current={lang === current ? "true" : undefined}
                preventScrollReset
                className={cn(
                  "flex h-9 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold transition-colors",
                  lang === current
                    ? "bg-brand-700 text-white"
                    : "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
                )}
              >
                <span aria-hidden="true">{lang.toUpperCase()}</span>
                <span className="sr-only">{t(`languages.${lang}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950 data-[state=open]:bg-stone-100",
          className,
        )}
      >
        {/* the name is this text, not an aria-label: a name that leaves out the visible "EN"
            fails WCAG 2.5.3 (label in name) */}
        <span className="sr-only">
          {t("languageSwitcher.change", { language: t(`languages.${current}`) })}
        </span>
        <Languages className="size-4" aria-hidden="true" />
        <span aria-hidden="true">{current.toUpperCase()}</span>
        <ChevronDown className="size-3.5 text-stone-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-44">
        {languages.map((lang) => (
          <DropdownMenuItem key={lang} asChild>
            <Link
              to={hrefFor(lang)}
              onClick={() => rememberLanguage(lang)}
              {...preload(lang)}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === current ? "true" : undefined}
              preventScrollReset
            >
              <span className="w-6 text-xs font-bold text-stone-500">{lang.toUpperCase()}</span>
              <span className="flex-1">{t(`languages.${lang}`)}</span>
              {lang === current ? <Check className="text-brand-700" aria-hidden="true" /> : null}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
