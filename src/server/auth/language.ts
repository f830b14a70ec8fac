// The language of an auth e-mail and of the page its link opens. The server keeps no
// per-user language, so each request says it, in this order:
//   1. the `x-hawl-language` header (one of `languages`), when the client sends it;
//   2. the language of the page the client asks to come back to: the sign-up or sign-in
//      `callbackURL` ("/fr/verify-email" → fr, "/verify-email" → en), the reset `redirectTo`;
//   3. the first supported language of `Accept-Language`;
//   4. English.
import { isLanguage, languages, type Language } from "../../domain/language.ts";

export const mailLanguages = languages;
export type MailLanguage = Language;
export const isMailLanguage = isLanguage;

/**
 * The language of a page address: "/fr/verify-email" → fr, "http://host/nl/x?y" → nl,
 * "/verify-email" → en (English pages have no prefix). No address, or just "/" (Better Auth's
 * default callbackURL when the client sent none), says nothing: null.
 */
export function languageOfPath(address: string | null | undefined): MailLanguage | null {
  if (!address) return null;
  let pathname: string;
  try {
    pathname = new URL(address, "http://localhost").pathname;
  } catch {
    return null;
  }
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  const first = segments[0]!.toLowerCase();
  return isLanguage(first) ? first : "en";
}

/** The first supported language in an Accept-Language header, by its q weights. */
export function languageOfAcceptLanguage(header: string | null | undefined): MailLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.trim().toLowerCase().split("-")[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isMailLanguage) ?? null;
}

export function detectLanguage(
  headers: Headers | null | undefined,
  returnAddress?: string | null,
): MailLanguage {
  const explicit = headers?.get("x-hawl-language")?.trim().toLowerCase();
  if (isMailLanguage(explicit)) return explicit;
  return (
    languageOfPath(returnAddress) ??
    languageOfAcceptLanguage(headers?.get("accept-language")) ??
    "en"
  );
}

/** The page path in a language: en has no prefix ("/verify-email"), fr → "/fr/verify-email". */
export function localizedPath(lang: MailLanguage, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  return lang === "en" ? clean : `/${lang}${clean}`;
}
