import { currencyCodes, type CurrencyCode } from "./currency.ts";
import { parseWireDecimal } from "./decimal.ts";
import type { Language } from "../language.ts";

// Amounts as people type them in the calculator (en, fr, nl), turned into wire strings. The wire
// itself (API, storage) accepts only `parseWireDecimal`'s plain form; this parser is for the web.

export type InputLanguage = Language;

export type AmountInputError =
  | "empty"
  /** characters or a shape no language uses: "12a", "1..2", "1,2,3.4,5", "1 2", "€€5" */
  | "invalid"
  /** a minus sign where amounts cannot be negative */
  | "negative"
  /** "12.500" or "1,234": a decimal separator or a thousands separator? Asked, never guessed */
  | "ambiguous"
  /** "$ 2,500.00" where the amount is in another currency (or in grams) */
  | "other_currency"
  | "too_large"
  | "too_precise";

/** A parse: the wire string, or an error; an ambiguous text carries both of its readings. */
export type AmountInputResult =
  | { ok: true; value: string }
  | { ok: false; error: Exclude<AmountInputError, "ambiguous"> }
  | { ok: false; error: "ambiguous"; readings: { grouped: string; decimal: string } };

// Space, no-break space (U+00A0) and narrow no-break space (U+202F): what keyboards and Intl put
// between thousands in French (and what some people type in every language).
const spaces = /[ \u00A0\u202F]/g;
const allowed = /^[0-9., ]+$/;

/**
 * Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits, and the Arabic decimal (٫) and
 * thousands (٬) separators, as their Western forms: Hawl writes Western digits (decision 070)
 * but reads what an Arabic keyboard types.
 */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, ",");
}

const symbols: Record<string, readonly CurrencyCode[]> = {
  "€": ["EUR"],
  $: ["USD", "CAD", "AUD"],
  "£": ["GBP"],
  "₹": ["INR"],
};
const marker =
  /^(?:([A-Za-z]{3})|([€$£₹]))\s*(?=[-\u2212\d])|(?<=\d)\s*(?:([A-Za-z]{3})|([€$£₹]))$/;

/**
 * The text without the currency a bank statement writes before or after it ("€ 2.500,00",
 * "2 500,00 €", "EUR 2,500.00"), and which currency that was: `null` when none, `"other"` for a
 * sign or code that is not `currency` (a "$" only counts as one of the dollars we know).
 */
export function splitCurrency(
  text: string,
  currency: CurrencyCode | undefined,
): { text: string; named: "none" | "same" | "other" } {
  const trimmed = text.trim().replace(spaces, " ");
  const match = marker.exec(trimmed);
  if (!match) return { text: trimmed, named: "none" };
  const code = (match[1] ?? match[3])?.toUpperCase();
  const symbol = match[2] ?? match[4];
  const same =
    currency !== undefined &&
    (code !== undefined ? code === currency : (symbols[symbol!] ?? []).includes(currency));
  if (code !== undefined && !same && !(currencyCodes as readonly string[]).includes(code)) {
    return { text: trimmed, named: "none" }; // "abc5" is not an amount in ABC: left invalid
  }
  return { text: trimmed.replace(marker, "").trim(), named: same ? "same" : "other" };
}

/** "1,234,567" or Indian "12,34,567": groups of 3 (first 1–3, not starting with 0) or lakh style. */
function isGrouped(integer: string, separator: string): boolean {
  const parts = integer.split(separator);
  if (parts.length < 2 || !/^[1-9]\d{0,2}$/.test(parts[0]!)) return false;
  const rest = parts.slice(1);
  if (rest.every((p) => /^\d{3}$/.test(p))) return true;
  // lakh/crore grouping (en-IN): 1–2 digits first, then groups of 2, the last group of 3
  const last = rest[rest.length - 1]!;
  return (
    /^\d{3}$/.test(last) &&
    /^[1-9]\d?$/.test(parts[0]!) &&
    rest.slice(0, -1).every((p) => /^\d{2}$/.test(p))
  );
}

/** An integer part: plain digits, or digits grouped by exactly one kind of separator. */
function integerDigits(integer: string, groupSeparators: readonly string[]): string | null {
  if (/^\d+$/.test(integer)) return integer;
  for (const separator of groupSeparators) {
    if (isGrouped(integer, separator)) return integer.split(separator).join("");
  }
  return null;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

type Shape =
  | { integer: string; fraction: string }
  | { error: "invalid" }
  | { error: "ambiguous"; integer: string; fraction: string };

// The same rules in every language: a habit of one language is typed (and pasted from a bank) in
// the others, so the page's language decides nothing about which separator is which.
function shapeOf(text: string): Shape {
  const dots = count(text, ".");
  const commas = count(text, ",");
  const split = (separator: string, groups: readonly string[]): Shape => {
    const at = text.lastIndexOf(separator);
    const integer = integerDigits(text.slice(0, at), groups);
    const fraction = text.slice(at + 1);
    if (integer === null || !/^\d+$/.test(fraction)) return { error: "invalid" };
    return { integer, fraction };
  };

  if (dots > 0 && commas > 0) {
    // both: the last one is the decimal separator, the other groups ("1.234,56", "1,234.56")
    const last = text.lastIndexOf(".") > text.lastIndexOf(",") ? "." : ",";
    const other = last === "." ? "," : ".";
    if (count(text, last) > 1) return { error: "invalid" };
    return split(last, [other]);
  }
  if (dots + commas === 0) {
    const integer = integerDigits(text, [" "]);
    return integer === null ? { error: "invalid" } : { integer, fraction: "" };
  }
  const separator = dots > 0 ? "." : ",";
  if (dots + commas > 1) {
    // a separator that comes twice can only group: "1.234.567", "1,234,567", "12,34,567"
    const integer = integerDigits(text, [separator]);
    return integer === null ? { error: "invalid" } : { integer, fraction: "" };
  }
  const shape = split(separator, [" "]);
  if ("error" in shape) return shape;
  // once, before exactly three digits and after 1–3 (not a lone 0): "12.500", "1,234"
  if (
    shape.fraction.length === 3 &&
    /^[1-9]\d{0,2}$/.test(text.slice(0, text.indexOf(separator)))
  ) {
    return { error: "ambiguous", ...shape };
  }
  return shape;
}

function wireOf(
  sign: string,
  integer: string,
  fraction: string,
): { ok: true; value: string } | { ok: false; error: "too_large" | "too_precise" } {
  const digits = integer.replace(/^0+(?=\d)/, "");
  const wire = `${sign}${digits}${fraction ? `.${fraction}` : ""}`;
  const checked = parseWireDecimal(wire, { allowNegative: true });
  if (!checked.ok) {
    return { ok: false, error: checked.error === "too_precise" ? "too_precise" : "too_large" };
  }
  return { ok: true, value: checked.value.isZero() ? wire.replace(/^-/, "") : wire };
}

/**
 * Parses a typed or pasted amount into a wire decimal string ("1 234,56" → "1234.56"), or a typed
 * error: never a silent 0, never a guess. Accepted in every language: "1,234.56", "1.234,56",
 * "1 234,56" (space, no-break or narrow no-break space), "1234.56", "1234,56", "1.234.567",
 * lakh grouping ("12,34,567.89"), and a bank's currency sign or code before or after the number
 * when it is `currency`'s. One separator before exactly three digits ("12.500", "1,234") is
 * `ambiguous`, with both readings. A leading "-" or "−" only with `allowNegative`. `language`
 * (the page's) does not change a reading (see `shapeOf`).
 */
export function parseAmountInput(
  text: string,
  _language: InputLanguage,
  options: { allowNegative?: boolean; currency?: CurrencyCode } = {},
): AmountInputResult {
  const split = splitCurrency(westernDigits(text), options.currency);
  if (split.named === "other") return { ok: false, error: "other_currency" };
  let body = split.text;
  if (body === "") return { ok: false, error: "empty" };
  let sign = "";
  if (body.startsWith("-") || body.startsWith("\u2212")) {
    if (!options.allowNegative) return { ok: false, error: "negative" };
    sign = "-";
    body = body.slice(1);
  }
  if (!allowed.test(body)) return { ok: false, error: "invalid" };
  const shape = shapeOf(body);
  if ("error" in shape && shape.error === "invalid") return { ok: false, error: "invalid" };
  if ("error" in shape) {
    const grouped = wireOf(sign, shape.integer + shape.fraction, "");
    const decimal = wireOf(sign, shape.integer, shape.fraction);
    if (!grouped.ok) return grouped;
    if (!decimal.ok) return decimal;
    return {
      ok: false,
      error: "ambiguous",
      readings: { grouped: grouped.value, decimal: decimal.value },
    };
  }
  return wireOf(sign, shape.integer, shape.fraction);
}

/**
 * A wire decimal written so that `parseAmountInput` reads it back as the same amount, in the
 * language's decimal separator: "1234.5" → "1234,5" in fr and nl; "12.500" → "12.5" and "1.234"
 * → "1.2340" (three decimals after a short integer would be asked about).
 */
export function wireToInputText(wire: string, language: InputLanguage): string {
  let text = wire;
  const match = /^(-?)([1-9]\d{0,2})\.(\d{3})$/.exec(wire);
  if (match) {
    const trimmed = match[3]!.replace(/0+$/, "");
    text = `${match[1]}${match[2]}${trimmed === "" ? "" : `.${trimmed.length === 3 ? `${trimmed}0` : trimmed}`}`;
  }
  return decimalPoint[language] === "." ? text : text.replace(".", ",");
}

/** The decimal separator each language writes (Arabic with Western digits, decision 070). */
const decimalPoint: Record<InputLanguage, "." | ","> = {
  en: ".",
  fr: ",",
  nl: ",",
  ar: ".",
  tr: ",",
};
