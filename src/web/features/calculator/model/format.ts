import { minorUnits, type CurrencyCode } from "../../../../domain/money/currency";
import { localeTags } from "~/app/i18n";
import type { Language } from "~/app/route-table";

// Display only: amounts stay decimal strings and are handed to Intl as strings (exact, no float).

/** "327.50" EUR in fr → "327,50 €"; the ISO minor unit of the currency, whatever CLDR says. */
export function formatMoney(wire: string, currency: CurrencyCode, lang: Language): string {
  const digits = minorUnits[currency];
  return new Intl.NumberFormat(localeTags[lang], {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(wire as Intl.StringNumericLiteral);
}

/** A plain number (grams, a price per gram) in the page's language, up to 10 decimals. */
export function formatNumber(wire: string, lang: Language): string {
  return new Intl.NumberFormat(localeTags[lang], { maximumFractionDigits: 10 }).format(
    wire as Intl.StringNumericLiteral,
  );
}

export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeTags[lang], {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
