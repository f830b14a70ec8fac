import { localizeHref, stripLanguagePrefix } from "~/app/language";
import { routeTable, type Access, type Language } from "~/app/route-table";

/** The route table's access rule for a pathname (any language); unknown paths are public. */
export function accessOf(pathname: string): Access {
  const bare = stripLanguagePrefix(pathname.split(/[?#]/)[0] || "/")
    .replace(/^\/+/, "")
    .replace(/\/+$/, "");
  return routeTable.find((r) => r.path === bare)?.access ?? "public";
}

/**
 * A stored post-sign-in destination, re-prefixed for the language the visitor uses now.
 * Only same-site paths are accepted: anything else (an absolute or protocol-relative URL
 * written into storage) gives null.
 */
export function safeDestination(stored: string | null, lang: Language): string | null {
  if (!stored || !stored.startsWith("/") || stored.startsWith("//") || stored.includes("\\")) {
    return null;
  }
  return localizeHref(lang, stored);
}
