import { useTranslation } from "react-i18next";
import type { CalculationSummary } from "#contracts/calculations.ts";
import type { ZakatData } from "#contracts/zakat.ts";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { useLatestCalculations } from "~/features/history";
import { useTrackerMutations } from "~/features/tracker";
import { formatMoney } from "~/lib/format";
import { recentCalculationsCount } from "../lib/recent-count";

/** a record's category holds at most 100 characters (createObligationRequestSchema) */
const categoryOf = (calculation: CalculationSummary) => calculation.name.trim().slice(0, 100);

/**
 * The latest saved calculation's zakat, when it is due and not among the records yet (same
 * category and amount): the totals beside it count records only, so a calculation's €125 next
 * to "Total due €0.00" reads as a contradiction (issue 30). One click records it (POST
 * …/obligations), due on the day it was calculated for. Only in the tracker's currency: the
 * records have one currency. Reads the recent calculations card's query (no request of its own).
 */
export function RecordCalculationOffer({
  workspaceId,
  data,
}: {
  workspaceId: string;
  data: ZakatData;
}) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const latest = useLatestCalculations(workspaceId, recentCalculationsCount);
  const { addObligation } = useTrackerMutations(workspaceId);
  const calculation = latest.data?.calculations[0];
  if (
    !calculation ||
    !calculation.isAboveNissab ||
    Number(calculation.zakatDue) <= 0 ||
    calculation.currency !== data.settings.currency
  ) {
    return null;
  }
  const category = categoryOf(calculation);
  const recorded = data.obligations.some(
    (o) => o.category === category && Number(o.amount) === Number(calculation.zakatDue),
  );
  if (recorded) return null;
  const amount = formatMoney(calculation.zakatDue, calculation.currency, lang);

  function record() {
    addObligation.mutate(
      {
        amount: calculation!.zakatDue,
        category,
        dueDate: calculation!.calculationDate,
        priority: "medium",
      },
      {
        onSuccess: () => toast.success(t("recordDone", { amount, name: calculation!.name })),
        onError: () => toast.error(t("recordFailed")),
      },
    );
  }

  return (
    <div
      className="mt-4 rounded-lg border border-gold-200 bg-gold-50 p-3 text-sm text-stone-800"
      data-testid="record-calculation-offer"
    >
      <p>{t("recordOffer", { name: calculation.name, amount })}</p>
      <Button
        size="sm"
        className="mt-2"
        onClick={record}
        disabled={addObligation.isPending}
        aria-busy={addObligation.isPending || undefined}
        data-testid="record-calculation"
      >
        {addObligation.isPending ? t("recordPending") : t("recordAction", { amount })}
      </Button>
    </div>
  );
}
