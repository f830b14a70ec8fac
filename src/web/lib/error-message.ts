import type { i18n as I18n, TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../domain/dates";
import { isLanguage } from "../../domain/language";
import { ApiError } from "~/lib/api-client";

/** A rule's day (fields.ruleDate, "YYYY-MM-DD") as the reader's language writes it. */
function ruleDay(day: string | undefined, language: string): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const lang = language.slice(0, 2);
  return formatDay(day, isLanguage(lang) ? lang : "en");
}

function messageOf(
  t: TFunction<"errors">,
  language: string,
  error: unknown,
  fallback?: string,
): string {
  if (error instanceof ApiError) {
    // Better Auth's 429s carry codes of its own; an address over its e-mails of the hour has
    // its own text (decision 049)
    const code =
      error.status === 429 && error.code !== "RECIPIENT_RATE_LIMITED" ? "RATE_LIMITED" : error.code;
    const date = ruleDay(error.fields?.ruleDate, language);
    const translated = t(code, { defaultValue: "", ...(date && { date }) });
    if (translated) return translated;
    if (error.message && error.code !== "INTERNAL") return error.message;
  }
  return fallback ?? t("generic");
}

/**
 * Turns a failed request into text: the code's entry in the `errors` catalog, else the
 * server's own message, else `fallback` (default "An error occurred").
 */
export function useErrorMessage(): (error: unknown, fallback?: string) => string {
  const { t, i18n } = useTranslation("errors");
  return useCallback(
    (error: unknown, fallback?: string) => messageOf(t, i18n.language, error, fallback),
    [t, i18n.language],
  );
}

/**
 * useErrorMessage's text, for code that may run where the `errors` catalog is not loaded yet
 * (the root's providers): loads it first (decision 035).
 */
export async function errorMessageLater(
  i18n: I18n,
  error: unknown,
  fallback?: string,
): Promise<string> {
  await i18n.loadNamespaces("errors");
  return messageOf(i18n.getFixedT(i18n.language, "errors"), i18n.language, error, fallback);
}

/**
 * useErrorMessage for a component that shows an error only now and then (the dashboard's
 * tracker cards): the `errors` catalog loads when there is an error to say (errorMessageLater),
 * not with the page (decision 035).
 */
export function useErrorMessageLater(): (error: unknown, fallback?: string) => Promise<string> {
  const { i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallback?: string) => errorMessageLater(i18n, error, fallback),
    [i18n],
  );
}
