// The embed's display options (issue 6): language, currency and the two theme colours, each
// validated with a fallback, never an error (an embed with a bad parameter still shows).
import { languages, type Language } from "../language.ts";
import { currencyCodes, type CurrencyCode } from "../money/currency.ts";

export const embedLanguages = languages;
export type EmbedLanguage = Language;

/** Every currency the calculator has. */
export const embedCurrencies = currencyCodes;
export type EmbedCurrency = CurrencyCode;

export const defaultEmbedLanguage: EmbedLanguage = "en";
export const defaultEmbedCurrency: EmbedCurrency = "EUR";
export const defaultPrimaryColor = "#80009e";
export const defaultAccentColor = "#b68802";

/** Embed key length (spec §9) and alphabet. */
export const embedKeyLength = 32;
export const embedKeyAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const embedKeyPattern = /^[A-Za-z0-9]{32}$/;

const hexColor = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` (the `#` may be left out), lower-cased with `#`; otherwise null. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = hexColor.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

export function parseEmbedLanguage(value: unknown): EmbedLanguage | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  return (embedLanguages as readonly string[]).includes(v) ? (v as EmbedLanguage) : null;
}

export function parseEmbedCurrency(value: unknown): EmbedCurrency | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toUpperCase();
  return (embedCurrencies as readonly string[]).includes(v) ? (v as EmbedCurrency) : null;
}

export interface EmbedSettings {
  language: EmbedLanguage;
  currency: EmbedCurrency;
  primaryColor: string;
  accentColor: string;
}

export interface EmbedSettingsSources {
  /** the query's values, unchecked */
  query: {
    lang?: string | null;
    currency?: string | null;
    primaryColor?: string | null;
    accentColor?: string | null;
  };
  /** the language of the path prefix (/fr/embed/calculator → fr); null without prefix */
  pathLanguage?: string | null;
  /** the key's configuration, when a valid key is present */
  config?: {
    language?: string | null;
    currency?: string | null;
    primaryColor?: string | null;
    accentColor?: string | null;
  } | null;
}

/**
 * The settings an embed shows. Per setting: the key's configuration when it sets it (issue 6:
 * a keyed embed uses its configuration's language, currency and colours, so a site cannot
 * restyle a mosque's embed through the URL), else a valid query value, else (language only) the
 * path prefix, else the default. Unkeyed embeds have no configuration: the URL decides.
 */
export function resolveEmbedSettings(sources: EmbedSettingsSources): EmbedSettings {
  const { query, config } = sources;
  return {
    language:
      parseEmbedLanguage(config?.language) ??
      parseEmbedLanguage(query.lang) ??
      parseEmbedLanguage(sources.pathLanguage) ??
      defaultEmbedLanguage,
    currency:
      parseEmbedCurrency(config?.currency) ??
      parseEmbedCurrency(query.currency) ??
      defaultEmbedCurrency,
    primaryColor:
      parseHexColor(config?.primaryColor) ??
      parseHexColor(query.primaryColor) ??
      defaultPrimaryColor,
    accentColor:
      parseHexColor(config?.accentColor) ?? parseHexColor(query.accentColor) ?? defaultAccentColor,
  };
}
