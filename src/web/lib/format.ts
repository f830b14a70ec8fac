import { minorUnits, type CurrencyCode } from "../../domain/money/currency";
import { localeTags } from "~/app/locale-tags";
import type { Language } from "~/app/route-table";

// Display only: amounts stay decimal strings handed to Intl as strings (exact, no float).

/** "327.50" EUR in fr → "327,50 €": the ISO minor unit of the currency, whatever CLDR says. */
export function formatMoney(wire: string, currency: CurrencyCode, lang: Language): string {
  const digits = minorUnits[currency];
  return new Intl.NumberFormat(localeTags[lang], {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(wire as Intl.StringNumericLiteral);
}

/** A calendar day ("2025-03-01") as a short date of the page's language, e.g. 3/1/25 in en. */
export function formatDay(day: string, lang: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeTags[lang], { dateStyle: "short", timeZone: "UTC" }).format(
    date,
  );
}
