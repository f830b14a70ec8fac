import type { CurrencyCode } from "#domain/money/currency.ts";
import { Decimal } from "#domain/money/decimal.ts";
import { parseAmountInput, wireToInputText, type AmountInputError } from "#domain/money/input.ts";
import type { Language } from "~/app/route-table";

// Amounts typed in the tracker's dialogs: the calculator's parser (en, fr, nl habits), and a
// record or a payment of 0 owes nothing.

export type TrackerAmountError = AmountInputError | "zero";

export function checkTrackerAmount(
  text: string,
  lang: Language,
  currency?: CurrencyCode,
): { ok: true; value: string } | { ok: false; error: TrackerAmountError } {
  const parsed = parseAmountInput(text, lang, { currency });
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (new Decimal(parsed.value).isZero()) return { ok: false, error: "zero" };
  return parsed;
}

/** How an amount is typed in the language: "1234.50" in en, "1234,50" in fr and nl. */
export function amountAsTyped(wire: string, lang: Language): string {
  return wireToInputText(wire, lang);
}

export const typingExample: Record<Language, string> = {
  en: "1,234.56",
  fr: "1 234,56",
  nl: "1.234,56",
  ar: "1,234.56",
  tr: "1.234,56",
};
