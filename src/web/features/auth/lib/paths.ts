import { pageAt, type Access } from "#contracts/web-routes.ts";
import { localizeHref } from "~/app/language";
import { localizedPath, type Language } from "~/app/route-table";
import { AUTH_REDIRECT_KEY, readKey, removeKey } from "~/lib/storage-keys";

/** The page's access rule for a pathname (any language); unknown paths are public. */
export function accessOf(pathname: string): Access {
  return pageAt(pathname)?.access ?? "public";
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

/**
 * Where a newly signed-in person goes (spec §2): the destination remembered when a protected
 * page sent them to sign in, used up once, or the dashboard.
 */
export function takePostSignInDestination(lang: Language): string {
  const stored = safeDestination(readKey(AUTH_REDIRECT_KEY), lang);
  removeKey(AUTH_REDIRECT_KEY);
  return stored && accessOf(stored) !== "guest-only" ? stored : localizedPath(lang, "dashboard");
}
