import type { Language } from "./route-table";

// BCP 47 tags of the languages (spec §2: en → en-US, fr → fr-FR, nl → nl-NL), on their own so
// that formatting code does not pull i18next and every catalog in (the embed bundle). Arabic is
// region-free ("ar": the app serves every Arabic reader) and written with Western digits
// (decision 070): "-u-nu-latn" keeps them whatever the browser's ICU defaults to.
export const localeTags: Record<Language, string> = {
  en: "en-US",
  fr: "fr-FR",
  nl: "nl-NL",
  ar: "ar-u-nu-latn",
  tr: "tr-TR",
};

export { directionOf } from "../../domain/language";
