import { PencilLine, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { CalculateResponse } from "#contracts/calculate.ts";
import { nisabGrams } from "#domain/zakat/methodology.ts";
import { formatInstantDay } from "#domain/dates/index.ts";
import { formatDate, formatMoney } from "../model/format";
import type { PriceBasis } from "../model/price-basis";

/** The shipped prices have a day, not a time (the day they were set, in UTC). */
function basisDate(basis: PriceBasis, lang: Language): string | null {
  if (!basis.date) return null;
  if (basis.source !== "default") return formatDate(basis.date, lang);
  return formatInstantDay(basis.date, lang, "UTC");
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5 print:py-0">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-end font-medium text-stone-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * What the amount rests on (issue 11), on screen and in the printed summary: the gold and silver
 * prices per gram with their source and date, the nisab in grams and in money, the methodology
 * preset. Prices that are Hawl's shipped ones or older than 7 days are said to be so in plain
 * words, with a button to type today's prices (not printed).
 */
export function PriceBasisSection({
  basis,
  response,
  lang,
  onTypePrices,
  className,
}: {
  basis: PriceBasis;
  response: CalculateResponse;
  lang: Language;
  onTypePrices?: () => void;
  className?: string;
}) {
  const { t } = useTranslation("calculator");
  const money = (wire: string) => formatMoney(wire, response.currency, lang);
  const perGram = (wire: string) => t("results.basis.perGram", { price: money(wire) });
  const grams = nisabGrams[response.methodology.nisabStandard];
  const method = response.methodology.nisabMethod;
  const date = basisDate(basis, lang);
  const source = t(`results.basis.sources.${basis.source}`);

  return (
    <section
      aria-labelledby="price-basis-title"
      className={cn(
        "space-y-3 rounded-2xl border border-stone-200 bg-white p-5 text-sm print:space-y-1 print:p-2 print:text-xs",
        className,
      )}
      data-testid="price-basis"
    >
      <h3 id="price-basis-title" className="text-base font-semibold text-stone-900 print:text-sm">
        {t("results.basis.title")}
      </h3>
      {basis.warning ? (
        <div
          className="rounded-lg border border-gold-300 bg-gold-50 p-3 text-gold-900 print:p-1"
          data-testid="prices-stale"
          data-warning={basis.warning}
        >
          <p className="flex gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 print:hidden" aria-hidden="true" />
            <span>
              {basis.warning === "default"
                ? t("results.basis.staleDefault", { date })
                : t("results.basis.staleOld", { date })}
            </span>
          </p>
          {onTypePrices ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3 print:hidden"
              onClick={onTypePrices}
              data-testid="type-prices"
            >
              <PencilLine aria-hidden="true" />
              {t("results.basis.typePrices")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <dl className="grid gap-x-8 sm:grid-cols-2 print:grid-cols-1">
        <Row
          label={t("results.basis.goldPrice")}
          value={perGram(basis.goldPerGram)}
          testId="basis-gold-price"
        />
        <Row
          label={t("results.basis.silverPrice")}
          value={perGram(basis.silverPerGram)}
          testId="basis-silver-price"
        />
        <Row
          label={t("results.basis.source")}
          value={date ? t("results.basis.sourceAndDate", { source, date }) : source}
          testId="basis-source"
        />
        <Row
          label={t("results.basis.preset")}
          value={t(`settings.presets.${response.methodology.preset}`)}
          testId="basis-preset"
        />
        <Row
          label={t("results.basis.nisabGold", { grams: grams.gold })}
          value={money(response.goldNissabValue)}
          testId="basis-nisab-gold"
        />
        <Row
          label={t("results.basis.nisabSilver", { grams: grams.silver })}
          value={money(response.silverNissabValue)}
          testId="basis-nisab-silver"
        />
      </dl>
      <p className="text-stone-700" data-testid="basis-nisab">
        {t(`results.basis.nisabApplied.${method}`, {
          value: money(response.nissabValue),
          gold: grams.gold,
          silver: grams.silver,
        })}
      </p>
    </section>
  );
}
