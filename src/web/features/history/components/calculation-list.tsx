import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { CalculationSummary } from "#contracts/calculations.ts";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useDeleteCalculation } from "../api/use-calculations";
import { formatDay, formatMoney } from "~/lib/format";
import { DeleteCalculationButton } from "./delete-calculation-dialog";

/**
 * Saved calculations as a list (the history page and the dashboard's recent card): name,
 * Completed/Draft, date, zakat due of completed ones, Load and Delete. `onDeleted` runs after a
 * successful delete, once the workspace's calculation queries are marked stale.
 */
export function CalculationList({
  workspaceId,
  calculations,
  onDeleted,
  label,
  className,
}: {
  workspaceId: string;
  calculations: CalculationSummary[];
  onDeleted?: (calculation: CalculationSummary) => void;
  /** accessible name of the list */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation("history");
  const remove = useDeleteCalculation(workspaceId);

  async function deleteOne(calculation: CalculationSummary) {
    try {
      await remove.mutateAsync(calculation.id);
    } catch (error) {
      toast.error(t("delete.failed"));
      throw error;
    }
    toast.success(t("delete.success"));
    onDeleted?.(calculation);
  }

  return (
    <ul
      aria-label={label}
      className={cn("divide-y divide-stone-200", className)}
      data-testid="calculation-list"
    >
      {calculations.map((calculation) => (
        <CalculationItem
          key={calculation.id}
          calculation={calculation}
          onDelete={() => deleteOne(calculation)}
        />
      ))}
    </ul>
  );
}

function CalculationItem({
  calculation,
  onDelete,
}: {
  calculation: CalculationSummary;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation("history");
  const lang = useLanguage();
  const { id, name, isCompleted, calculationDate, zakatDue, currency } = calculation;

  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="calculation-item"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-stone-900" data-testid="calculation-name">
            {name}
          </p>
          <Badge tone={isCompleted ? "success" : "neutral"} data-testid="calculation-status">
            {isCompleted ? t("item.completed") : t("item.draft")}
          </Badge>
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
          <div className="flex gap-1">
            <dt className="sr-only">{t("item.date")}</dt>
            <dd>
              <time dateTime={calculationDate} data-testid="calculation-date">
                {formatDay(calculationDate, lang)}
              </time>
            </dd>
          </div>
          {isCompleted && (
            <div className="flex gap-1">
              <dt>{t("item.zakatDueLabel")}</dt>
              <dd className="font-semibold text-stone-900" data-testid="calculation-zakat">
                {formatMoney(zakatDue, currency, lang)}
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <LocalizedLink
          to={`/calculator?load=${encodeURIComponent(id)}`}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          aria-label={t("item.loadNamed", { name })}
          data-testid="load-calculation"
        >
          {t("item.load")}
        </LocalizedLink>
        <DeleteCalculationButton name={name} onConfirm={onDelete} />
      </div>
    </li>
  );
}
