import { useQuery } from "@tanstack/react-query";
import { Calculator, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currencyCodes, type CurrencyCode } from "#domain/money/currency.ts";
import { Decimal, toMinorUnitString } from "#domain/money/decimal.ts";
import { nisabGrams } from "#domain/zakat/methodology.ts";
import type { PricesResponse } from "#contracts/prices.ts";
import { useLanguage } from "~/app/language";
import { localeTags } from "~/app/locale-tags";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { ErrorAlert } from "~/components/ui/alerts";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { PageSpinner } from "~/components/ui/page-spinner";
import { SelectField } from "~/components/ui/select-field";
import { formatDateTime as formatDate } from "~/lib/format";
import { requestCompiled } from "~/lib/api-client";
import { getPrices } from "~/lib/compiled-calls";
import { formatMoney } from "~/lib/format";
import "../i18n-resources";

// Issue 30: today's nisab in the visitor's currency from the server's own prices
// (GET /api/prices), instead of a link to a UK site. The weights are the calculator's default
// standard (85 g of gold, 595 g of silver).

const grams = nisabGrams["85_595"];

/** The currency a visitor most likely holds: French and Dutch pages are read in the euro zone. */
const firstCurrency = (): CurrencyCode => "EUR";

export function NisabValuesPage() {
  const { t } = useTranslation("nisab-values");
  const lang = useLanguage();
  const [currency, setCurrency] = useState<CurrencyCode>(firstCurrency);
  const prices = useQuery({
    queryKey: ["nisab-values", currency],
    queryFn: () => requestCompiled(getPrices, { query: { currency } }),
    retry: false,
  });

  const currencyName = (code: string) => {
    try {
      const name = new Intl.DisplayNames([localeTags[lang]], { type: "currency" }).of(code);
      return name ? `${code} — ${name}` : code;
    } catch {
      return code;
    }
  };

  return (
    <section className="py-12 sm:py-20" data-testid="nisab-values">
      <Container size="narrow">
        <SectionHeading
          as="h1"
          align="left"
          kicker={t("kicker")}
          title={t("title")}
          subtitle={t("intro")}
        />
        <div className="mt-8 sm:max-w-sm">
          <SelectField
            label={t("currency")}
            value={currency}
            options={currencyCodes}
            optionLabel={currencyName}
            onChange={setCurrency}
            testId="nisab-values-currency"
          />
        </div>
        <div className="mt-8" aria-live="polite">
          {prices.isPending ? (
            <PageSpinner label={t("loading")} />
          ) : prices.isError ? (
            <ErrorAlert testId="nisab-values-error">
              <p>{t("error")}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => void prices.refetch()}
                data-testid="nisab-values-retry"
              >
                <RefreshCw aria-hidden="true" />
                {t("retry")}
              </Button>
            </ErrorAlert>
          ) : (
            <NisabFigures prices={prices.data} />
          )}
        </div>
        <p className="mt-6 text-sm leading-6 text-stone-600">{t("which")}</p>
        <Button asChild className="mt-6">
          <LocalizedLink to="/calculator">
            <Calculator aria-hidden="true" />
            {t("calculate")}
          </LocalizedLink>
        </Button>
      </Container>
    </section>
  );
}

function NisabFigures({ prices }: { prices: PricesResponse }) {
  const { t } = useTranslation("nisab-values");
  const lang = useLanguage();
  const metals = [
    { key: "gold", grams: grams.gold, perGram: prices.goldPerGram },
    { key: "silver", grams: grams.silver, perGram: prices.silverPerGram },
  ] as const;
  const weight = (g: string) =>
    new Intl.NumberFormat(localeTags[lang]).format(g as Intl.StringNumericLiteral);
  return (
    <div data-testid="nisab-values-figures">
      <div className="grid gap-6 sm:grid-cols-2">
        {metals.map((metal) => {
          const value = toMinorUnitString(
            new Decimal(metal.grams).times(metal.perGram),
            prices.currency,
          );
          return (
            <Card key={metal.key} data-testid={`nisab-values-${metal.key}`}>
              <CardTitle as="h2">{t(metal.key)}</CardTitle>
              <p className="mt-1 text-sm text-stone-600">
                {t("weight", { grams: weight(metal.grams) })}
              </p>
              <p className="mt-3 text-3xl font-bold tracking-tight text-stone-900">
                {formatMoney(value, prices.currency, lang)}
              </p>
              <p className="mt-2 text-sm text-stone-600">
                {t("perGram", { price: formatMoney(metal.perGram, prices.currency, lang) })}
              </p>
            </Card>
          );
        })}
      </div>
      <p className="mt-4 text-sm text-stone-600" data-testid="nisab-values-source">
        {t(`source.${prices.source}`, { date: formatDate(prices.fetchedAt, lang) })}
      </p>
    </div>
  );
}
