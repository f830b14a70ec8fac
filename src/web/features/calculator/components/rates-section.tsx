import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { foreignCurrenciesOf, type Draft } from "../model/draft";
import { formatDay } from "../model/format";
import type { RateStatus } from "../hooks/use-rates";
import { AmountField } from "./amount-field";
import { FormSection } from "./form-section";

/**
 * The rates of the other currencies entries are in (decision 022): one field per currency,
 * "Value of 1 MAD in EUR". Online they are filled in from the server with their source and
 * day; a person may always type one (offline mode: they must).
 */
export function RatesSection({
  draft,
  update,
  lang,
  status,
  showErrors,
}: {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  status: RateStatus;
  showErrors: boolean;
}) {
  const { t } = useTranslation("calculator");
  const currencies = foreignCurrenciesOf(draft);
  if (currencies.length === 0) return null;
  const own = draft.settings.currency;
  return (
    <FormSection
      id="rates-title"
      title={t("rates.title")}
      hint={t("rates.hint", { currency: own })}
    >
      <div className="grid gap-4 sm:grid-cols-2" data-testid="rates">
        {currencies.map((currency) => {
          const rate = draft.settings.rates[currency];
          const fetched = rate && rate.source !== "request" && rate.date;
          return (
            <AmountField
              key={currency}
              id={`rate-${currency}`}
              label={t("rates.label", { from: currency, to: own })}
              unit={own}
              value={rate?.text ?? ""}
              lang={lang}
              showErrors={showErrors}
              hint={
                fetched
                  ? t("rates.fetched", {
                      source: t(`rateSources.${rate.source}`),
                      date: formatDay(rate.date, lang),
                    })
                  : status === "loading"
                    ? t("rates.loading")
                    : status === "error"
                      ? t("rates.failed")
                      : undefined
              }
              onChange={(text) =>
                update((d) => ({
                  ...d,
                  settings: {
                    ...d.settings,
                    rates: {
                      ...d.settings.rates,
                      [currency]: { text, source: "request", date: "" },
                    },
                  },
                }))
              }
            />
          );
        })}
      </div>
    </FormSection>
  );
}
