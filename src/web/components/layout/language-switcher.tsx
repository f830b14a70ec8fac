import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "~/app/language";
import { languages } from "~/app/route-table";
import { cn } from "../ui/cn";
import { OnDemand, onDemand } from "../ui/on-demand";
import {
  LanguageTriggerFace,
  languageTriggerClasses,
  useLanguageLinkProps,
} from "./language-links";

const languageMenu = onDemand<{ className?: string }>(() =>
  import("./language-menu").then((m) => m.LanguageMenu),
);

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
  const linkTo = useLanguageLinkProps();
  const current = useLanguage();

  if (variant === "inline") {
    return (
      <nav aria-label={t("languageSwitcher.label")} className={className}>
        <ul className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-sm">
          {languages.map((lang) => (
            <li key={lang}>
              <Link
                {...linkTo(lang)}
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
    <OnDemand
      module={languageMenu}
      props={{ className }}
      trigger={(intent) => (
        <button
          type="button"
          aria-haspopup="menu"
          {...intent}
          className={cn(languageTriggerClasses, className)}
        >
          <LanguageTriggerFace />
        </button>
      )}
    />
  );
}
