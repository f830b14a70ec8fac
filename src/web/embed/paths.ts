import type { Language } from "~/app/route-table";

/** A page of the site in `lang` ("/calculator", "/fr/calculator"); the page list stays out of the bundle. */
export function sitePath(lang: Language, page: "calculator" | "embed-manager"): string {
  return lang === "en" ? `/${page}` : `/${lang}/${page}`;
}
