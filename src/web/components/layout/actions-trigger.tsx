import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../ui/cn";
import { headerLinkClasses } from "./header-links";

// What the "Actions" menu's stand-in trigger (site-header.tsx) and its Radix menu share.

export const actionsTriggerClasses = cn(headerLinkClasses, "data-[state=open]:bg-stone-100");

/** The trigger's content: "Actions" and a chevron. */
export function ActionsTriggerFace() {
  const { t } = useTranslation();
  return (
    <>
      {t("nav.actions")}
      <ChevronDown className="size-3.5 text-stone-500" aria-hidden="true" />
    </>
  );
}
