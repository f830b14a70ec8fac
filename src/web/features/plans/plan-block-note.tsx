import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import type { PlanBlock } from "./use-plan-block";

/** What the plan refuses, beside the button it disables: the reason, the plan that lifts it. */
export function PlanBlockNote({
  block,
  id,
  onNavigate,
}: {
  block: PlanBlock;
  id: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("workspaces");
  return (
    <div
      id={id}
      data-testid={id}
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>
        {block.reason}
        {block.lift ? ` ${block.lift}` : null}
      </p>
      <LocalizedLink
        to="/pricing"
        onClick={onNavigate}
        className={buttonClasses({ variant: "link", className: "mt-1" })}
      >
        {t("seePlans")}
      </LocalizedLink>
    </div>
  );
}
