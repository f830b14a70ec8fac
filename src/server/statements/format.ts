import {
  formatDay as formatDayText,
  formatHijriDay as formatHijriDayText,
} from "../../domain/dates/index.ts";
import { directionOf, type Language } from "../../domain/language.ts";
import { minorUnits, type CurrencyCode } from "../../domain/money/currency.ts";

// How the statement writes days (the product's one date helper, decision 055), money and
// numbers in each language. The narrow no-break space some locales group digits with (French)
// becomes a no-break space, which the embedded font draws.

// Arabic with Western digits, as on the web (decision 070)
const locales: Readonly<Record<Language, string>> = {
  en: "en-GB",
  fr: "fr-FR",
  nl: "nl-NL",
  ar: "ar-u-nu-latn",
  tr: "tr-TR",
};
const localeOf = (lang: Language) => locales[lang];

/** Whether a language is written right to left: the statement is laid out from the right. */
export function isRtl(lang: Language): boolean {
  return directionOf(lang) === "rtl";
}

const spaces = (text: string) => text.replace(/\u202f/g, "\u00a0");

/** "28 February 2025", "28 février 2025", "28 februari 2025" (a YYYY-MM-DD calendar day). */
export function formatDay(day: string, lang: Language): string {
  return spaces(formatDayText(day, lang));
}

/** The same day on the Umm al-Qura calendar: "1 Ramadan 1446 AH". */
export function formatHijriDay(day: string, lang: Language): string {
  return spaces(formatHijriDayText(day, lang));
}

// Intl formats a decimal string exactly (no detour through a binary number).
type ExactNumberFormat = { format(value: string): string };

const numberFormats = new Map<string, ExactNumberFormat>();
/** Intl.NumberFormat is costly to build: one per language and options, kept. */
function numberFormat(lang: Language, options: Intl.NumberFormatOptions): ExactNumberFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), options) as unknown as ExactNumberFormat;
    numberFormats.set(key, format);
  }
  return format;
}

/** An amount in its currency with the currency's minor unit: "€1,234.50", "1 234,50 €". */
export function formatMoney(amount: string, currency: CurrencyCode, lang: Language): string {
  const digits = minorUnits[currency];
  const options = {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  } as const;
  return spaces(numberFormat(lang, options).format(amount));
}

/** A price per gram or a rate: every digit it has (up to 10), at least the currency's. */
export function formatPrice(amount: string, currency: CurrencyCode, lang: Language): string {
  const options = {
    style: "currency",
    currency,
    minimumFractionDigits: minorUnits[currency],
    maximumFractionDigits: 10,
  } as const;
  return spaces(numberFormat(lang, options).format(amount));
}

/** A plain decimal (grams, a rate): every digit it has. */
export function formatNumber(value: string, lang: Language): string {
  return spaces(numberFormat(lang, { maximumFractionDigits: 10 }).format(value));
}

/** "0.025" → "2.5 %" / "2,5 %". */
export function formatRate(rate: string, lang: Language): string {
  return spaces(numberFormat(lang, { style: "percent", maximumFractionDigits: 3 }).format(rate));
}
