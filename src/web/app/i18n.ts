import i18next, { type i18n as I18n } from "i18next";
import { use, useEffect, useReducer } from "react";
import { initReactI18next } from "react-i18next";
import type { Catalog } from "./catalogs/by-namespace";
import { defaultLanguage, languages, type Language } from "./route-table";

// Catalogs live in locales/<lang>/<namespace>.json. A page carries its own language only: each
// language is one chunk (app/catalogs/<lang>.ts), loaded before the page hydrates
// (entry.client.tsx) or before a switch to another language renders (useLanguageLoaded).
const loaders: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import("./catalogs/en"),
  fr: () => import("./catalogs/fr"),
  nl: () => import("./catalogs/nl"),
};
const catalogs: Partial<Record<Language, Catalog>> = {};
// One instance per language, created synchronously: prerendering renders every language
// in one process, so no global "current language" may leak between pages.
const instances = new Map<Language, I18n>();
const loading = new Map<Language, Promise<void>>();

/** Fetches one language's catalog once; later calls share the same promise. */
export function loadLanguage(lang: Language): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = loaders[lang]().then(({ default: catalog }) => {
      catalogs[lang] = catalog;
      const instance = instances.get(lang);
      for (const [ns, texts] of Object.entries(catalog))
        instance?.addResourceBundle(lang, ns, texts, true, true);
    });
    loading.set(lang, promise);
  }
  return promise;
}

export function isLanguageLoaded(lang: Language): boolean {
  return catalogs[lang] !== undefined;
}

/**
 * Suspends until `lang`'s catalog is here. Only a switch to another language waits: the page's
 * own language was loaded before hydration, and a router navigation is a transition, so the
 * previous page stays on screen meanwhile.
 */
export function useLanguageLoaded(lang: Language): void {
  if (!isLanguageLoaded(lang)) use(loadLanguage(lang));
}

/**
 * `lang`'s instance once its catalog is here, loading it if needed; null meanwhile. For a text
 * in another language than the page's (an embed code's title), without suspending the page.
 */
export function useI18nFor(lang: Language): I18n | null {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = isLanguageLoaded(lang);
  useEffect(() => {
    if (!ready) void loadLanguage(lang).then(loaded);
  }, [lang, ready]);
  return ready ? i18nFor(lang) : null;
}

// Prerendering (the server build) renders every language in one process, and the tests render
// synchronously: both have every catalog before the first render.
if (import.meta.env.SSR || import.meta.env.MODE === "test")
  await Promise.all(languages.map(loadLanguage));

export function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...languages],
      resources: { [lang]: catalogs[lang] ?? {} },
      ns: Object.keys(catalogs[lang] ?? { common: {} }),
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
