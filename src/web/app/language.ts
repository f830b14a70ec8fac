import { useCallback } from "react";
import { useLocation } from "react-router";
import { languageFromPath } from "./i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { LANGUAGE_STORAGE_KEY } from "./language-choice";
import { defaultLanguage, languages, localizedPath, type Language } from "./route-table";

export { LANGUAGE_STORAGE_KEY, rememberLanguage } from "./language-choice";

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** The path without its language prefix: "/fr/pricing" -> "/pricing", "/nl" -> "/". */
export function stripLanguagePrefix(pathname: string): string {
  const lang = languageFromPath(pathname);
  if (lang === defaultLanguage) return pathname || "/";
  const rest = pathname.slice(lang.length + 1);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * An internal link for `lang`: "/pricing#faq" -> "/fr/pricing#faq". External URLs, mailto:
 * links and bare fragments are returned unchanged; an already prefixed path is re-prefixed.
 */
export function localizeHref(lang: Language, href: string): string {
  if (EXTERNAL.test(href) || href.startsWith("#") || href.startsWith("?")) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? "" : href.slice(cut);
  return localizedPath(lang, stripLanguagePrefix(pathname || "/")) + suffix;
}

/** The current address in another language, keeping query and fragment. */
export function switchLanguageHref(
  location: { pathname: string; search: string; hash: string },
  lang: Language,
): string {
  return (
    localizedPath(lang, stripLanguagePrefix(location.pathname)) + location.search + location.hash
  );
}

/** The stored choice, or null (also on the server and when storage is unavailable). */
export function storedLanguage(): Language | null {
  try {
    const value = typeof window === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (languages as readonly string[]).includes(value ?? "") ? (value as Language) : null;
  } catch {
    return null;
  }
}

/** The page's language, from the first path segment (English without prefix). */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

/**
 * Returns a function that turns an unprefixed internal path into the current language's path:
 * `const to = useLocalizedPath(); navigate(to("/dashboard"))`.
 */
export function useLocalizedPath(): (href: string) => string {
  const lang = useLanguage();
  return useCallback((href: string) => localizeHref(lang, href), [lang]);
}

/**
 * The current page in another language. The query and fragment join once hydrated, since the
 * prerendered HTML of a page has neither.
 */
export function useLanguageHref(): (lang: Language) => string {
  const location = useLocation();
  const hydrated = useHydrated();
  return (lang) =>
    switchLanguageHref(hydrated ? location : { ...location, search: "", hash: "" }, lang);
}
