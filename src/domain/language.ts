// The languages Hawl speaks. Every layer imports this one list: pages, e-mails, the embed, the
// tracker's titles and the amount parser all speak exactly these.
export const languages = ["en", "fr", "nl", "ar", "tr"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The direction a language is written in: `dir` of its pages, e-mails, embed and statement. */
export function directionOf(lang: Language): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}
