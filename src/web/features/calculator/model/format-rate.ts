import { localeTags } from "~/app/locale-tags";
import type { Language } from "~/app/route-table";

/**
 * An exchange rate for reading: six significant digits ("1.31574", "0.0923457", "10.9"), as
 * rates are quoted, not the ten decimals a feed sends (issue 30). The amount is computed with
 * the full rate; this is display only.
 */
export function formatRate(wire: string, lang: Language): string {
  // the whole units stay whole (a rate of 1,234,567.8 is not rounded to 1,234,570)
  return new Intl.NumberFormat(localeTags[lang], {
    maximumSignificantDigits: 6,
    maximumFractionDigits: 0,
    roundingPriority: "morePrecision",
  }).format(wire as Intl.StringNumericLiteral);
}
