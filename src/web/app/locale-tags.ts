import type { Language } from "./route-table";

// BCP 47 tags of the languages (spec §2: en → en-US, fr → fr-FR, nl → nl-NL), on their own so
// that formatting code does not pull i18next and every catalog in (the embed bundle).
export const localeTags: Record<Language, string> = { en: "en-US", fr: "fr-FR", nl: "nl-NL" };
