import { CheckCircle2, ChevronDown, CircleMinus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";
import type { CalculateResponse } from "#contracts/calculate.ts";
import { Decimal } from "#domain/money/decimal.ts";
import { assetCategories, type AssetCategory } from "#domain/zakat/input.ts";
import { nisabGrams } from "#domain/zakat/methodology.ts";
import type { Draft } from "../model/draft";
import { formatDay, formatMoney, formatNumber } from "../model/format";
import { formatRate } from "../model/format-rate";
import type { PriceBasis } from "../model/price-basis";
import { PriceBasisSection } from "./price-basis";

type Line = CalculateResponse["lines"][number];

/** What a result line is about, in the page's language. */
function useLineLabel() {
  const { t } = useTranslation("calculator");
  return (line: Line): string => {
    const [section, field] = line.input.split(".");
    if (section === "cashAmounts" && field === "bankAccounts") {
      const label = line.label ?? "other";
      const preset = (
        ["savings", "checking", "business", "investment", "other", "custom"] as const
      ).find((p) => p === label);
      return t("results.bankLine", {
        label: preset ? t(`bank.presets.${preset}`) : label,
      });
    }
    if (section === "liabilityAmounts" && field) {
      return t(`liabilities.${field as "mortgage"}.label`);
    }
    if (line.kind === "nisab") return t("results.nisab");
    if (line.kind === "zakat") return t("results.zakatDue");
    return t(`fields.${field as "cashInHand"}.label`);
  };
}

function Figure({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        "flex items-baseline justify-between gap-4 border-b border-stone-200 py-3 last:border-b-0 print:py-1",
        strong && "text-lg print:text-base",
      )}
    >
      <dt className={cn("text-stone-700", strong && "font-semibold text-stone-900")}>{label}</dt>
      <dd
        className={cn("text-end tabular-nums", strong ? "font-bold text-brand-800" : "font-medium")}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/** Asset breakdown as CSS bars, with the numbers as text (the bars are decoration). */
function BreakdownChart({ response, lang }: { response: CalculateResponse; lang: Language }) {
  const { t } = useTranslation("calculator");
  const totals = new Map<AssetCategory, Decimal>();
  for (const line of response.lines) {
    if (line.kind !== "asset") continue;
    const category = line.category as AssetCategory;
    totals.set(category, (totals.get(category) ?? new Decimal(0)).plus(line.amount));
  }
  const rows = assetCategories
    .map((category) => ({ category, total: totals.get(category) ?? new Decimal(0) }))
    .filter((row) => row.total.greaterThan(0));
  const max = rows.reduce((m, row) => Decimal.max(m, row.total), new Decimal(0));
  if (rows.length === 0) {
    return <p className="text-sm text-stone-600">{t("results.chartEmpty")}</p>;
  }
  return (
    <figure aria-labelledby="breakdown-caption" className="space-y-3 print:space-y-1">
      <figcaption id="breakdown-caption" className="font-semibold text-stone-900">
        {t("results.chartTitle")}
      </figcaption>
      <ul className="space-y-3 print:space-y-1">
        {rows.map((row) => {
          const share = row.total.dividedBy(max).times(100).toDecimalPlaces(1).toNumber();
          const ofTotal = new Decimal(response.totalAssets).isZero()
            ? 0
            : row.total.dividedBy(response.totalAssets).times(100).toDecimalPlaces(0).toNumber();
          return (
            <li key={row.category} data-testid={`breakdown-${row.category}`}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-stone-800">{t(`assets.${row.category}.label`)}</span>
                <span className="tabular-nums text-stone-700">
                  {formatMoney(row.total.toFixed(2), response.currency, lang)}{" "}
                  <span className="text-stone-500">
                    ({t("results.percent", { value: ofTotal })})
                  </span>
                </span>
              </div>
              <div
                aria-hidden="true"
                className="mt-1 h-3 rounded-full bg-stone-100 print:h-2 print:border"
              >
                <div
                  className="h-3 rounded-full bg-brand-600 print:h-full print:bg-stone-700"
                  style={{ width: `${Math.max(share, 1)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** The explanation under its title, or folded under it (a disclosure the person opens). */
function ExplanationBox({
  title,
  folded,
  children,
}: {
  title: string;
  folded: boolean;
  children: React.ReactNode;
}) {
  if (!folded) {
    return (
      <section aria-labelledby="explanation-title" className="space-y-3 print:space-y-1">
        <h3 id="explanation-title" className="font-semibold text-stone-900">
          {title}
        </h3>
        {children}
      </section>
    );
  }
  return (
    <details className="group space-y-3" data-testid="result-explanation">
      <summary className="flex cursor-pointer items-center gap-2 rounded-lg py-1 font-semibold text-stone-900 marker:content-none hover:text-brand-800">
        {title}
        <ChevronDown
          className="size-4 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      {children}
    </details>
  );
}

export function Results({
  response,
  draft,
  lang,
  basis,
  onTypePrices,
  callToAction,
  foldExplanation = false,
}: {
  response: CalculateResponse;
  draft: Draft;
  lang: Language;
  /** the prices the result used, their source and date (issue 11) */
  basis: PriceBasis;
  /** switches to prices typed by hand and shows them (offered when the prices may be old) */
  onTypePrices?: () => void;
  /** right under the amount due (the embed's pay button) */
  callToAction?: React.ReactNode;
  /** the line-by-line explanation folded (the embed: the result and its action come first) */
  foldExplanation?: boolean;
}) {
  const { t } = useTranslation("calculator");
  const lineLabel = useLineLabel();
  const money = (wire: string) => formatMoney(wire, response.currency, lang);
  const grams = nisabGrams[response.methodology.nisabStandard];
  /**
   * What a line counts; with the amount typed beside it when the rule counts less (a weak debt,
   * exempt jewellery, a share of long-term shares), so nothing typed is hidden (issue 30).
   */
  const countedPart = (line: Line): string => {
    const counted = `${line.kind === "liability" ? "− " : ""}${money(line.amount)}`;
    const byWeight = line.kind === "asset" && draft.isWeight && line.category === "goldAndSilver";
    if (line.entered === undefined || byWeight) return counted;
    const entered = money(line.entered);
    if (entered === money(line.amount)) return counted;
    return t("results.enteredCounted", { entered, counted });
  };
  const above = response.isAboveNissab;

  return (
    <div className="space-y-8 print:space-y-3" data-testid="results">
      <div
        className={cn(
          "rounded-2xl p-6 text-center ring-1 print:p-2 print:ring-0",
          above ? "bg-brand-50 ring-brand-200" : "bg-stone-50 ring-stone-200",
        )}
      >
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
          {t("results.zakatDue")}
        </p>
        <p
          className="mt-2 text-4xl font-bold tracking-tight text-brand-800 tabular-nums sm:text-5xl print:mt-0 print:text-3xl"
          data-testid="zakat-due"
        >
          {money(response.zakatDue)}
        </p>
        <p
          className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-stone-700 print:mt-1"
          data-testid="nisab-status"
        >
          {above ? (
            <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
          ) : (
            <CircleMinus className="size-4 text-stone-500" aria-hidden="true" />
          )}
          {above ? t("results.aboveNisab") : t("results.belowNisab")}
        </p>
      </div>
      {callToAction}

      {/* printed side by side to keep the summary on one A4 page: the totals and the chart on
          the left, what the amount rests on to their right */}
      <div className="space-y-8 print:grid print:grid-cols-2 print:gap-x-4 print:gap-y-3 print:space-y-0">
        <dl className="rounded-2xl border border-stone-200 bg-white px-5 print:col-start-1 print:row-start-1 print:self-start">
          <Figure
            label={t("results.totalAssets")}
            value={money(response.totalAssets)}
            testId="total-assets"
          />
          <Figure
            label={t("results.totalLiabilities")}
            value={money(response.totalLiabilities)}
            testId="total-liabilities"
          />
          <Figure
            label={t("results.zakatableAmount")}
            value={money(response.zakatableAmount)}
            testId="zakatable-amount"
          />
          <Figure
            label={t("results.nisabValue")}
            value={money(response.nissabValue)}
            testId="nisab-value"
          />
          <Figure label={t("results.zakatDue")} value={money(response.zakatDue)} strong />
        </dl>

        <PriceBasisSection
          basis={basis}
          response={response}
          lang={lang}
          onTypePrices={onTypePrices}
          className="print:col-start-2 print:row-span-2 print:row-start-1 print:self-start"
        />

        <div className="print:col-start-1 print:row-start-2">
          <BreakdownChart response={response} lang={lang} />
        </div>
      </div>

      {draft.settings.asOf ? (
        <p className="text-sm text-stone-700" data-testid="as-of">
          {t("results.asOf", { date: formatDay(draft.settings.asOf, lang) })}
        </p>
      ) : null}
      <ExplanationBox title={t("results.explanationTitle")} folded={foldExplanation}>
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {response.lines.map((line, index) => (
            <li
              key={`${line.input}-${index}`}
              className="px-5 py-3 print:px-3 print:py-1"
              data-testid="result-line"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span className="font-medium text-stone-900">{lineLabel(line)}</span>
                <span className="tabular-nums text-stone-800">
                  {line.entered !== undefined &&
                  line.kind === "asset" &&
                  draft.isWeight &&
                  line.category === "goldAndSilver" ? (
                    <span className="text-stone-500">
                      {t("results.grams", { value: formatNumber(line.entered, lang) })} →{" "}
                    </span>
                  ) : null}
                  {countedPart(line)}
                </span>
              </div>
              {line.conversion ? (
                <p
                  className="mt-1 text-sm text-stone-700 tabular-nums print:mt-0 print:text-xs"
                  data-testid="conversion"
                >
                  {t("results.conversion", {
                    amount: formatMoney(line.conversion.amount, line.conversion.currency, lang),
                    rate: formatRate(line.conversion.rate, lang),
                    value: money(line.conversion.value),
                    source: t(`rateSources.${line.conversion.source}`),
                    date: formatDay(line.conversion.date, lang),
                  })}
                </p>
              ) : null}
              <p className="mt-1 text-sm text-stone-600 print:mt-0 print:text-xs">
                {t(`rules.${line.rule}`, { gold: grams.gold, silver: grams.silver })}
              </p>
            </li>
          ))}
        </ul>
      </ExplanationBox>
    </div>
  );
}
