import { readFileSync } from "node:fs";
import path from "node:path";

export type Lang = "en" | "fr" | "nl" | "ar" | "tr";

const localesDir = path.resolve(import.meta.dirname, "../../../locales");
const cache = new Map<string, Record<string, unknown>>();

/**
 * The app's own catalog text (locales/<lang>/<namespace>.json), so specs find controls by the
 * words people see, in every language, without copying them. `t("fr", "auth:email")`.
 * Interpolations are cut off: the text before the first {{…}} is returned when `prefixOnly`.
 */
export function t(lang: Lang, key: string, options: { prefixOnly?: boolean } = {}): string {
  const [namespace, dotted] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const file = path.join(localesDir, lang, `${namespace}.json`);
  let catalog = cache.get(file);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    cache.set(file, catalog);
  }
  let value: unknown = catalog;
  for (const part of dotted!.split("."))
    value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`no text for ${lang}/${namespace}:${dotted}`);
  return options.prefixOnly ? value.split("{{")[0]!.trim() : value;
}

/** A RegExp that matches the text exactly (whole accessible name), special characters escaped. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
}
