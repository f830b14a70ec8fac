import { parseWireDecimal, type ParseResult } from "./decimal.ts";
import type { Language } from "../language.ts";

// Amounts as people type them in the calculator (en, fr, nl), turned into wire strings. The wire
// itself (API, storage) accepts only `parseWireDecimal`'s plain form; this parser is for the web.

export type InputLanguage = Language;

export type AmountInputError =
  | "empty"
  /** characters or a shape no language uses: "12a", "1..2", "1,2,3.4,5", "1 2", "€5" */
  | "invalid"
  /** a minus sign where amounts cannot be negative */
  | "negative"
  /** "1.234" in French: a decimal point or a thousands separator? Refused, never guessed */
  | "ambiguous"
  | "too_large"
  | "too_precise";

interface LanguageRules {
  /** the decimal separator of the language */
  decimal: "." | ",";
  /** the punctuation group separator of the language, if any (spaces are always allowed) */
  group: "." | "," | null;
}

const rules: Record<InputLanguage, LanguageRules> = {
  en: { decimal: ".", group: "," },
  fr: { decimal: ",", group: null },
  nl: { decimal: ",", group: "." },
};

// Space, no-break space (U+00A0) and narrow no-break space (U+202F): what keyboards and Intl put
// between thousands in French (and what some people type in every language).
const spaces = /[ \u00A0\u202F]/g;
const allowed = /^[0-9., ]+$/;

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

type Shape = { integer: string; fraction: string } | { error: AmountInputError };

function shapeOf(text: string, language: InputLanguage): Shape {
  const { decimal, group } = rules[language];
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
    // both: the last one is the decimal separator, the other groups ("1.234,56", "1,234.56");
    // unambiguous in any language, so accepted in all three
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
  const occurrences = dots + commas;
  if (separator === decimal) {
    if (occurrences > 1) return { error: "invalid" };
    return split(separator, [" "]);
  }
  if (separator === group) {
    // the language's own thousands separator: "1,234" in English is 1234, "1.234" in Dutch too
    const integer = integerDigits(text, [separator]);
    if (integer !== null) return { integer, fraction: "" };
    // not a valid grouping, so it can only be a decimal separator: "1234,56" in English
    if (occurrences === 1) return split(separator, [" "]);
    return { error: "invalid" };
  }
  // French and the dot: a plain "1234.56" is a decimal; "1.234" could be either → refused
  if (occurrences > 1) return { error: "ambiguous" };
  const shape = split(separator, []);
  if ("error" in shape) return shape;
  return shape.fraction.length === 3 && shape.integer.length <= 3 ? { error: "ambiguous" } : shape;
}

/**
 * Parses a typed amount in `language` into a wire decimal string ("1 234,56" → "1234.56"), or a
 * typed error: never a silent 0. Accepted: en "1,234.56" / "1234.56" / "1234,56"; fr "1 234,56"
 * with a space, no-break space or narrow no-break space, "1234,56" / "1234.56"; nl "1.234,56" /
 * "1234,56" / "1234.56"; spaces as thousands separators in every language; lakh grouping
 * ("12,34,567.89"); both "." and "," in one amount, the last being the decimal separator.
 * Leading and trailing spaces are ignored, a leading "-" or "−" only with `allowNegative`.
 */
export function parseAmountInput(
  text: string,
  language: InputLanguage,
  options: { allowNegative?: boolean } = {},
): ParseResult<string, AmountInputError> {
  let body = text.trim().replace(spaces, " ");
  if (body === "") return { ok: false, error: "empty" };
  let sign = "";
  if (body.startsWith("-") || body.startsWith("\u2212")) {
    if (!options.allowNegative) return { ok: false, error: "negative" };
    sign = "-";
    body = body.slice(1);
  }
  if (!allowed.test(body)) return { ok: false, error: "invalid" };
  const shape = shapeOf(body, language);
  if ("error" in shape) return { ok: false, error: shape.error };
  const integer = shape.integer.replace(/^0+(?=\d)/, "");
  const wire = `${sign}${integer}${shape.fraction ? `.${shape.fraction}` : ""}`;
  const checked = parseWireDecimal(wire, { allowNegative: true });
  if (!checked.ok) {
    return { ok: false, error: checked.error === "too_precise" ? "too_precise" : "too_large" };
  }
  return { ok: true, value: checked.value.isZero() ? wire.replace(/^-/, "") : wire };
}
