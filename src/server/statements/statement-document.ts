import type { StatementYear } from "../../domain/hawl/statement-years.ts";
import type { HawlRule, Milestone } from "../../domain/hawl/milestone.ts";
import type { TrackerYearBasis } from "../../domain/hawl/year-basis.ts";
import type { Language } from "../../domain/language.ts";
import { Decimal, toMinorUnitString } from "../../domain/money/decimal.ts";
import type { CurrencyCode } from "../../domain/money/currency.ts";
import { calculateZakat, type ResultLine } from "../../domain/zakat/calculate.ts";
import { nisabGrams } from "../../domain/zakat/methodology.ts";
import type { RuleId } from "../../domain/zakat/rules.ts";
import type { CalculationRow } from "../db/repositories/calculations.ts";
import { storedZakatInput } from "../services/calculation-records.ts";
import { serverT } from "../i18n/index.ts";
import { milestoneTitleIn } from "../i18n/milestone-words.ts";
import {
  formatDay,
  formatHijriDay,
  formatMoney,
  formatNumber,
  formatPrice,
  formatRate,
  isRtl,
} from "./format.ts";
import type { PdfBlock, PdfDocumentModel } from "./pdf-document.ts";

// The zakat statement's content (issue 33) in the reader's language: the year, the calculation
// line by line with its conversions, nisab and its prices, the zakat due, the year's timeline,
// the payments and what is left, and the calculator's own explanation of each rule applied.

export interface StatementRecord {
  category: string;
  dueDate: string;
  amount: string;
  payments: readonly { amount: string; paidOn: string }[];
}

export interface StatementSource {
  lang: Language;
  workspaceName: string;
  /** the day the statement is made (the reader's today) */
  generatedOn: string;
  createdAt: Date;
  year: StatementYear;
  hawlRule: HawlRule;
  yearBasis: TrackerYearBasis;
  calculation: CalculationRow;
  timeline: readonly Milestone[];
  records: readonly StatementRecord[];
  /** the tracker's currency, in which records and payments are kept */
  recordCurrency: CurrencyCode;
}

export function statementDocument(source: StatementSource): PdfDocumentModel {
  const { lang, calculation: row, year } = source;
  const t = serverT(lang, "statement");
  const c = serverT(lang, "calculator");
  const currency = row.currency;
  const day = (d: string) => formatDay(d, lang);
  const both = (d: string) => `${formatDay(d, lang)} (${formatHijriDay(d, lang)})`;
  const money = (amount: string | Decimal, cur: CurrencyCode = currency) =>
    formatMoney(typeof amount === "string" ? amount : toMinorUnitString(amount, cur), cur, lang);
  const priceSource = (source: string | null) =>
    source ? c(`results.basis.sources.${source}`) : c("results.basis.sources.manual");

  const result = calculateZakat(storedZakatInput(row));
  const methodology = row.methodology;
  const metal = row.goldSilverAmounts;

  const itemName = (line: ResultLine): string => {
    const key = line.input.split(".").at(-1)!;
    if (line.input.startsWith("cashAmounts.bankAccounts.")) {
      const label = line.label ?? "";
      const preset = ["savings", "checking", "business", "investment", "other"].includes(label);
      return c("results.bankLine", { label: preset ? c(`bank.presets.${label}`) : label });
    }
    if (line.kind === "liability") return c(`liabilities.${key}.label`);
    return c(`fields.${key}.label`);
  };
  const entered = (line: ResultLine): string => {
    if (line.conversion) {
      const conv = line.conversion;
      return t("pdf.converted", {
        amount: formatPrice(conv.amount, conv.currency, lang),
        rate: formatNumber(conv.rate, lang),
        source: c(`rateSources.${conv.source}`),
        date: day(conv.date),
      });
    }
    if (line.category === "goldAndSilver" && metal.isWeight) {
      const karat = line.input.endsWith("goldJewellery")
        ? metal.goldJewelleryKarat
        : line.input.endsWith(".gold")
          ? metal.goldKarat
          : null;
      const value = formatNumber(line.entered ?? "0", lang);
      return karat === null ? t("pdf.grams", { value }) : t("pdf.gramsKarat", { value, karat });
    }
    return money(line.entered ?? "0");
  };
  const lineRows = (kind: "asset" | "liability") =>
    result.lines
      .filter((l) => l.kind === kind)
      .map((l) => [
        kind === "asset" ? c(`assets.${l.category}.label`) : t("pdf.liabilitiesTitle"),
        itemName(l),
        entered(l),
        money(l.amount),
      ]);
  const lineColumns = [
    { header: t("pdf.columns.category"), width: 0.2 },
    { header: t("pdf.columns.item"), width: 0.25 },
    { header: t("pdf.columns.entered"), width: 0.35 },
    { header: t("pdf.columns.counted"), width: 0.2, align: "right" as const },
  ];

  const blocks: PdfBlock[] = [];
  blocks.push({
    kind: "facts",
    rows: [
      [t("pdf.workspace"), source.workspaceName],
      [t("pdf.zakatYear"), t("pdf.yearRange", { start: day(year.start), due: day(year.due) })],
      [
        "",
        t("pdf.hijriRange", {
          start: formatHijriDay(year.start, lang),
          due: formatHijriDay(year.due, lang),
        }),
      ],
      [t("pdf.started"), both(year.start)],
      [t("pdf.due"), both(year.due)],
      [t("pdf.generated"), both(source.generatedOn)],
      [t("pdf.hawlRule"), t(`pdf.hawlRules.${source.hawlRule}`)],
      [t("pdf.methodology"), c(`settings.presets.${methodology.preset}`)],
      [t("pdf.yearBasis"), c(`settings.yearBases.${methodology.yearBasis}`)],
    ],
  });

  blocks.push({ kind: "heading", text: t("pdf.calculationTitle") });
  blocks.push({
    kind: "facts",
    rows: [
      [t("pdf.calculationName"), row.name],
      [t("pdf.calculationDate"), both(row.calculationDate)],
      [t("pdf.currency"), currency],
    ],
  });
  for (const kind of ["asset", "liability"] as const) {
    const rows = lineRows(kind);
    blocks.push({
      kind: "heading",
      text: t(kind === "asset" ? "pdf.assetsTitle" : "pdf.liabilitiesTitle"),
    });
    if (rows.length === 0) blocks.push({ kind: "paragraph", text: t("pdf.none") });
    else
      blocks.push({
        kind: "table",
        columns: lineColumns,
        rows,
        total: [
          c(kind === "asset" ? "results.totalAssets" : "results.totalLiabilities"),
          "",
          "",
          money(kind === "asset" ? row.totalAssets : row.totalLiabilities),
        ],
      });
  }
  const usedRates = Object.entries(result.rates);
  if (usedRates.length > 0) {
    blocks.push({ kind: "heading", text: t("pdf.ratesTitle") });
    blocks.push({
      kind: "facts",
      rows: usedRates.map(([from, rate]) => [
        t("pdf.rateLine", { from, rate: formatNumber(rate!.rate, lang), to: currency }),
        t("pdf.rateSource", { source: c(`rateSources.${rate!.source}`), date: both(rate!.date) }),
      ]),
    });
  }

  const weights = nisabGrams[methodology.nisabStandard];
  blocks.push({ kind: "heading", text: t("pdf.nisabTitle") });
  blocks.push({
    kind: "facts",
    rows: [
      [t("pdf.nisabBasis"), t(`pdf.nisabBases.${methodology.nisabMethod}`)],
      [
        t("pdf.goldNisab", {
          grams: formatNumber(weights.gold, lang),
          price: formatPrice(row.goldPricePerGram, currency, lang),
        }),
        money(result.goldNisabValue),
      ],
      [
        t("pdf.silverNisab", {
          grams: formatNumber(weights.silver, lang),
          price: formatPrice(row.silverPricePerGram, currency, lang),
        }),
        money(result.silverNisabValue),
      ],
      [
        t("pdf.prices"),
        t("pdf.pricesSource", {
          source: priceSource(row.priceSource),
          date: row.priceDate ? both(row.priceDate.toISOString().slice(0, 10)) : "—",
        }),
      ],
      [t("pdf.nisabValue"), money(row.nissabValue)],
    ],
  });

  blocks.push({ kind: "heading", text: t("pdf.resultTitle") });
  blocks.push({
    kind: "facts",
    rows: [
      [c("results.zakatableAmount"), money(row.zakatableAmount)],
      [
        t("pdf.rate"),
        t(`pdf.rates.${methodology.yearBasis}`, { rate: formatRate(result.rate, lang) }),
      ],
      [c("results.zakatDue"), money(row.zakatDue)],
      ["", c(row.isAboveNissab ? "results.aboveNisab" : "results.belowNisab")],
    ],
  });

  blocks.push({ kind: "heading", text: t("pdf.timelineTitle") });
  blocks.push({
    kind: "table",
    columns: [
      { header: t("pdf.columns.date"), width: 0.25 },
      { header: t("pdf.columns.hijri"), width: 0.3 },
      { header: t("pdf.columns.event"), width: 0.45 },
    ],
    rows: source.timeline.map((m) => [
      day(m.date),
      formatHijriDay(m.date, lang),
      milestoneTitleIn(m, lang),
    ]),
  });

  blocks.push(...paymentBlocks(source, t, money));

  const ruleIds = [...new Set(result.lines.map((l) => l.rule))];
  blocks.push({ kind: "heading", text: t("pdf.rulesTitle") });
  blocks.push({
    kind: "bullets",
    items: ruleIds.map((id: RuleId) =>
      c(`rules.${id}`, { gold: weights.gold, silver: weights.silver }),
    ),
  });

  return {
    lang,
    rtl: isRtl(lang),
    title: t("pdf.title", { hijriYear: year.hijriYear }),
    subtitle: `${source.workspaceName} · ${both(year.due)}`,
    blocks,
    footer: t("pdf.footer"),
    pageLabel: t("pdf.page", { page: "{{page}}", pages: "{{pages}}" }),
    createdAt: source.createdAt.toISOString(),
  };
}

function paymentBlocks(
  source: StatementSource,
  t: ReturnType<typeof serverT>,
  money: (amount: string | Decimal, cur?: CurrencyCode) => string,
): PdfBlock[] {
  const { lang, recordCurrency } = source;
  const blocks: PdfBlock[] = [{ kind: "heading", text: t("pdf.paymentsTitle") }];
  if (source.records.length === 0) {
    blocks.push({ kind: "paragraph", text: t("pdf.paymentsNone") });
    return blocks;
  }
  const rows: string[][] = [];
  let recorded = new Decimal(0);
  let paid = new Decimal(0);
  for (const record of source.records) {
    recorded = recorded.plus(record.amount);
    rows.push([
      t("pdf.recordLine", { category: record.category, date: formatDay(record.dueDate, lang) }),
      formatHijriDay(record.dueDate, lang),
      money(record.amount, recordCurrency),
    ]);
    for (const payment of record.payments) {
      paid = paid.plus(payment.amount);
      rows.push([
        t("pdf.paidOn", { date: formatDay(payment.paidOn, lang) }),
        formatHijriDay(payment.paidOn, lang),
        money(payment.amount, recordCurrency),
      ]);
    }
  }
  const left = recorded.minus(paid);
  blocks.push({
    kind: "table",
    columns: [
      { header: t("pdf.columns.record"), width: 0.45 },
      { header: t("pdf.columns.hijri"), width: 0.3 },
      { header: t("pdf.columns.amount"), width: 0.25, align: "right" },
    ],
    rows,
  });
  blocks.push({
    kind: "facts",
    rows: [
      [t("pdf.totalRecorded"), money(recorded, recordCurrency)],
      [t("pdf.totalPaid"), money(paid, recordCurrency)],
      [t("pdf.remaining"), money(left.isNegative() ? new Decimal(0) : left, recordCurrency)],
    ],
  });
  return blocks;
}
