import { ChevronDown, ExternalLink as ExternalIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExternalLink, LocalizedLink } from "../localized-link";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { headerLinkClasses } from "./header-links";
import { actionLinks } from "./nav-items";

/** The signed-in header's "Actions" menu (Radix), loaded with the session (site-header.tsx). */
export default function ActionsMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(headerLinkClasses, "data-[state=open]:bg-stone-100")}>
        {t("nav.actions")}
        <ChevronDown className="size-3.5 text-stone-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {actionLinks.map((item) => {
          const Icon = item.icon;
          return (
            <DropdownMenuItem key={item.label} asChild>
              {"href" in item ? (
                <ExternalLink href={item.href} newTabLabel={t("opensInNewTab")}>
                  <Icon aria-hidden="true" />
                  <span className="flex-1">{t(`nav.${item.label}`)}</span>
                  <ExternalIcon className="size-3.5" aria-hidden="true" />
                </ExternalLink>
              ) : (
                <LocalizedLink to={item.to}>
                  <Icon aria-hidden="true" />
                  {t(`nav.${item.label}`)}
                </LocalizedLink>
              )}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
