import { ExternalLink as ExternalIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExternalLink, LocalizedLink } from "../localized-link";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from "../ui/dropdown-menu";
import { ActionsTriggerFace, actionsTriggerClasses } from "./actions-trigger";
import { actionLinks } from "./nav-items";

/** The signed-in header's "Actions" menu (Radix), loaded when first opened (site-header.tsx). */
export function ActionsMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const focusFirstItem = useFocusFirstItemOnOpen(defaultOpen);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={actionsTriggerClasses}>
        <ActionsTriggerFace />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" onFocus={focusFirstItem}>
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
