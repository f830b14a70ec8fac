import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, languages, type Language } from "./route-table";

// Catalogs live in locales/<lang>/<namespace>.json; every file found is a namespace.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../../locales/*/*.json", {
  eager: true,
});

type Resources = Record<Language, Record<string, Record<string, unknown>>>;
export const resources: Resources = { en: {}, fr: {}, nl: {} };
for (const [file, mod] of Object.entries(files)) {
  const match = /locales\/(en|fr|nl)\/([\w-]+)\.json$/.exec(file);
  if (match) resources[match[1] as Language][match[2]!] = mod.default;
}
export const namespaces = Object.keys(resources.en);

// One instance per language, created synchronously: prerendering renders every language
// in one process, so no global "current language" may leak between pages.
const instances = new Map<Language, I18n>();
export function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...languages],
      resources,
      ns: namespaces,
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      // A missing key fails loudly in development and tests (the parity test covers the rest).
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (lngs, ns, key) =>
        console.error(`Missing translation "${ns}:${key}" for ${lngs.join(", ")}`),
    });
    instances.set(lang, instance);
  }
  return instance;
}

export { localeTags } from "./locale-tags";
export const metaLocales: Record<Language, string> = { en: "en_US", fr: "fr_FR", nl: "nl_NL" };

/** Language from the first path segment; anything else is English (spec §2). */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return (languages as readonly string[]).includes(first ?? "") && first !== defaultLanguage
    ? (first as Language)
    : defaultLanguage;
}
