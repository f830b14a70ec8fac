import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "~/app/language";
import { languages } from "~/app/route-table";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from "../ui/dropdown-menu";
import {
  LanguageTriggerFace,
  languageTriggerClasses,
  useLanguageLinkProps,
} from "./language-links";

/** The header's language menu (Radix), loaded when first opened (language-switcher.tsx). */
export function LanguageMenu({
  className,
  defaultOpen,
}: {
  className?: string;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const linkTo = useLanguageLinkProps();
  const current = useLanguage();
  const focusFirstItem = useFocusFirstItemOnOpen(defaultOpen);

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={cn(languageTriggerClasses, className)}>
        <LanguageTriggerFace />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-44" onFocus={focusFirstItem}>
        {languages.map((lang) => (
          <DropdownMenuItem key={lang} asChild>
            <Link {...linkTo(lang)}>
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
