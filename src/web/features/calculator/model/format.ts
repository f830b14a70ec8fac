import { localeTags } from "~/app/locale-tags";
import type { Language } from "~/app/route-table";

// Display only: numbers stay decimal strings and are handed to Intl as strings (exact, no float).
export { formatMoney } from "~/lib/format";

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

/** A day (YYYY-MM-DD) in the page's language: "20 Nov 2026", the same day in every time zone. */
export function formatDay(day: string, lang: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeTags[lang], { dateStyle: "medium", timeZone: "UTC" }).format(
    date,
  );
}
