import i18next, { type i18n as I18n } from "i18next";
import { use, useEffect, useReducer } from "react";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, languages, type Language } from "./route-table";

// Catalogs live in locales/<lang>/<namespace>.json, and each file is a chunk of its own: a page
// carries its language's `common` and the namespaces it shows (its declaration in
// contracts/web-routes.ts), loaded before it hydrates (entry.client.tsx); any other namespace
// arrives when a component first asks for it (useTranslation suspends meanwhile, through the
// backend below).
const files = import.meta.glob<Texts>("../../../locales/*/*.json", { import: "default" });
type Texts = Record<string, unknown>;

const fileOf = (lang: Language, ns: string) => `../../../locales/${lang}/${ns}.json`;
/** The namespaces a language has (the files found). */
export const namespacesOf = (lang: Language): string[] =>
  Object.keys(files)
    .filter((file) => file.startsWith(`../../../locales/${lang}/`))
    .map((file) => /\/([\w-]+)\.json$/.exec(file)![1]!)
    .filter((ns) => ns !== "email"); // the server's

const bundles = new Map<string, Texts>(); // "<lang>/<namespace>" → texts
const loading = new Map<string, Promise<Texts>>();
// One instance per language, created synchronously: prerendering renders every language
// in one process, so no global "current language" may leak between pages.
const instances = new Map<Language, I18n>();

function loadNamespace(lang: Language, ns: string): Promise<Texts> {
  const key = `${lang}/${ns}`;
  let promise = loading.get(key);
  if (!promise) {
    const load = files[fileOf(lang, ns)];
    promise = (load ? load() : Promise.resolve({})).then((texts) => {
      bundles.set(key, texts);
      instances.get(lang)?.addResourceBundle(lang, ns, texts, true, true);
      return texts;
    });
    // a failed download may be tried again (a flaky connection, a deploy in between)
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Fetches `lang`'s `common` and the given namespaces once; later calls share the promises. */
export function loadLanguage(lang: Language, namespaces: readonly string[] = []): Promise<void> {
  return Promise.all(["common", ...namespaces].map((ns) => loadNamespace(lang, ns))).then(
    () => undefined,
  );
}

export function isLanguageLoaded(lang: Language, namespaces: readonly string[] = []): boolean {
  return ["common", ...namespaces].every((ns) => bundles.has(`${lang}/${ns}`));
}

/**
 * Suspends until `lang`'s `common` is here. Only a switch to another language waits: the page's
 * own language was loaded before hydration, and a router navigation is a transition, so the
 * previous page stays on screen meanwhile.
 */
export function useLanguageLoaded(lang: Language): void {
  if (!isLanguageLoaded(lang)) use(loadLanguage(lang));
}

/**
 * `lang`'s instance once its `common` and `namespaces` are here, loading them if needed; null
 * meanwhile. For a text in another language than the page's (an embed code's title), without
 * suspending the page.
 */
export function useI18nFor(lang: Language, namespaces: readonly string[] = []): I18n | null {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = isLanguageLoaded(lang, namespaces);
  const key = namespaces.join(",");
  useEffect(() => {
    if (!ready) void loadLanguage(lang, key ? key.split(",") : []).then(loaded);
  }, [lang, ready, key]);
  return ready ? i18nFor(lang) : null;
}

// Prerendering (the server build) renders every language in one process, and the tests render
// synchronously: both have every catalog before the first render.
if (import.meta.env.SSR || import.meta.env.MODE === "test")
  await Promise.all(languages.map((lang) => loadLanguage(lang, namespacesOf(lang))));

// i18next's side of the lazy namespaces: react-i18next asks for a namespace the page has not
// loaded, and suspends until this answers.
const chunkBackend = {
  type: "backend" as const,
  init() {},
  read(lang: string, ns: string, done: (error: unknown, texts: Texts | false) => void) {
    loadNamespace(lang as Language, ns).then(
      (texts) => done(null, texts),
      (error: unknown) => done(error, false),
    );
  },
};

function loadedBundles(lang: Language): Record<string, Texts> {
  const loaded: Record<string, Texts> = {};
  for (const [key, texts] of bundles) {
    const [l, ns] = key.split("/") as [string, string];
    if (l === lang) loaded[ns] = texts;
  }
  return loaded;
}

export function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    const resources = loadedBundles(lang);
    void instance
      .use(chunkBackend)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: false,
        supportedLngs: [...languages],
        resources: { [lang]: resources },
        // what is not among the resources comes from chunkBackend, when first asked for
        partialBundledLanguages: true,
        ns: Object.keys(resources).length > 0 ? Object.keys(resources) : ["common"],
        defaultNS: "common",
        // i18next's defaults, said: set by hand, i18next stops testing every key for natural
        // language (a regular expression per t() call)
        keySeparator: ".",
        nsSeparator: ":",
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

export { directionOf, localeTags } from "./locale-tags";
export const metaLocales: Record<Language, string> = {
  en: "en_US",
  fr: "fr_FR",
  nl: "nl_NL",
  ar: "ar_AR",
  tr: "tr_TR",
};

/** Language from the first path segment; anything else is English (spec §2). */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return (languages as readonly string[]).includes(first ?? "") && first !== defaultLanguage
    ? (first as Language)
    : defaultLanguage;
}
