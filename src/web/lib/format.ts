import { minorUnits, type CurrencyCode } from "../../domain/money/currency";
import { formatInstant, formatInstantDay } from "../../domain/dates";
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

/** The browser's IANA time zone ("Europe/Brussels"; UTC when it cannot be read). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

// Dates: the product's one helper (domain/dates, decision 055), "28 November 2026" style.
export { formatDay } from "../../domain/dates";

/** An instant (ISO 8601) with its time, in the browser's zone: "28 November 2026 at 2:05 PM". */
export function formatDateTime(iso: string | Date, lang: Language): string {
  return formatInstant(iso, lang, browserTimeZone());
}

/** The day of an instant (ISO 8601) in the browser's zone: "28 November 2026". */
export function formatDayOf(iso: string | Date, lang: Language): string {
  return formatInstantDay(iso, lang, browserTimeZone());
}
