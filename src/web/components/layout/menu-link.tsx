import { ExternalLink as ExternalIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExternalLink, LocalizedNavLink } from "../localized-link";
import { cn } from "../ui/cn";
import type { NavItem } from "./nav-items";

// A row of the small screens' menu: the Radix sheet (mobile-menu.tsx) and the static pages'
// popover sheet (static-menus.tsx).

const rowClasses =
  "flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium text-stone-800 transition-colors hover:bg-stone-100";

export function MenuLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  if ("href" in item) {
    return (
      <ExternalLink href={item.href} className={rowClasses} newTabLabel={t("opensInNewTab")}>
        <Icon className="size-5 text-stone-500" aria-hidden="true" />
        <span className="flex-1">{t(`nav.${item.label}`)}</span>
        <ExternalIcon className="size-4 text-stone-400" aria-hidden="true" />
      </ExternalLink>
    );
  }
  return (
    <LocalizedNavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        cn(rowClasses, isActive && "bg-brand-50 text-brand-800 hover:bg-brand-50")
      }
    >
      <Icon className="size-5 opacity-70" aria-hidden="true" />
      {t(`nav.${item.label}`)}
    </LocalizedNavLink>
  );
}
