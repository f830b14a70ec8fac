import type { CurrencyCode } from "#domain/money/currency.ts";
import { moneyFieldIds, type AmountFieldId } from "../../model/draft";
import type { StepProps } from "./step-props";

// One amount field's props from the draft: value, errors, and its currency (decision 022).

export function useAmount(props: StepProps) {
  const { draft, update } = props;
  return (id: AmountFieldId) => ({
    value: draft.amounts[id],
    lang: props.lang,
    showErrors: props.showErrors,
    onChange: (text: string) => update((d) => ({ ...d, amounts: { ...d.amounts, [id]: text } })),
    // money (not gold and silver) may be entered in another currency (decision 022)
    ...(moneyFieldIds.includes(id)
      ? {
          currency: draft.amountCurrencies[id] ?? draft.settings.currency,
          onCurrencyChange: (currency: CurrencyCode) =>
            update((d) => ({
              ...d,
              amountCurrencies: {
                ...d.amountCurrencies,
                [id]: currency === d.settings.currency ? undefined : currency,
              },
            })),
        }
      : {}),
  });
}
