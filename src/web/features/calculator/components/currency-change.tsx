import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { CurrencyCode } from "#domain/money/currency.ts";

/**
 * Asked when the calculation's currency changes with amounts already typed: are they still in
 * the old currency (converted at the day's rate) or were they meant in the new one? Inline, not
 * a dialog over the settings dialog, and announced politely: a keyboard walking through the
 * select's options changes it at each step.
 */
export function CurrencyChangeQuestion({
  from,
  to,
  onAnswer,
}: {
  from: CurrencyCode;
  to: CurrencyCode;
  onAnswer: (answer: "keep" | "relabel" | "cancel") => void;
}) {
  const { t } = useTranslation("calculator");
  return (
    <div
      role="group"
      aria-labelledby="currency-change-question"
      data-testid="currency-change"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:col-span-2"
    >
      <p id="currency-change-question" aria-live="polite" className="text-sm text-stone-900">
        {t("settings.currencyChange.question", { from, to })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" wrap onClick={() => onAnswer("keep")}>
          {t("settings.currencyChange.keep", { from, to })}
        </Button>
        <Button
          type="button"
          size="sm"
          wrap
          variant="secondary"
          onClick={() => onAnswer("relabel")}
        >
          {t("settings.currencyChange.relabel", { from, to })}
        </Button>
        <Button type="button" size="sm" wrap variant="ghost" onClick={() => onAnswer("cancel")}>
          {t("settings.currencyChange.cancel", { from })}
        </Button>
      </div>
    </div>
  );
}
