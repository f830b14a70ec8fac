import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/lib/api-client";

/**
 * Turns a failed request into text: the code's entry in the `errors` catalog, else the
 * server's own message, else `fallback` (default "An error occurred").
 */
export function useErrorMessage(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation("errors");
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (error instanceof ApiError) {
        const code = error.status === 429 ? "RATE_LIMITED" : error.code;
        const translated = t(code, { defaultValue: "" });
        if (translated) return translated;
        if (error.message && error.code !== "INTERNAL") return error.message;
      }
      return fallback ?? t("generic");
    },
    [t],
  );
}
