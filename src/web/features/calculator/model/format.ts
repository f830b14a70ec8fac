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

/** An instant with its time in the browser's zone: "28 November 2026 at 2:05 PM". */
export { formatDateTime as formatDate, formatDay } from "~/lib/format";
