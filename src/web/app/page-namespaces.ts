import { stripLanguagePrefix } from "./language";
import { routeTable } from "./route-table";

// The catalog namespaces (locales/<lang>/<namespace>.json) a page needs besides `common`, loaded
// with it before it hydrates (entry.client.tsx), so the prerendered HTML is hydrated with the
// texts it was rendered with. A namespace left out here still works: useTranslation suspends
// until app/i18n.ts has loaded it (a navigation is a transition: the previous page stays on
// screen meanwhile); the list only spares the page that wait.
const byRoute: Record<string, readonly string[]> = {
  landing: ["landing"],
  calculator: ["calculator"],
  embedGenerator: ["embed", "calculator"],
  acceptInvitation: ["workspaces", "auth"],
  signin: ["auth", "errors"],
  signup: ["auth", "errors"],
  verifyEmail: ["auth", "errors"],
  forgotPassword: ["auth", "errors"],
  resetPasswordConfirmation: ["auth"],
  resetPassword: ["auth", "errors"],
  donate: ["donate"],
  pricing: ["pricing"],
  nisabValues: ["nisab-values"],
  privacy: ["legal"],
  terms: ["legal"],
  dashboard: ["dashboard", "tracker", "history", "workspaces", "statement"],
  nisab: ["tracker", "statement"],
  calculatorHistory: ["history", "calculator", "statement"],
  calendar: ["calendar", "tracker"],
  embedManager: ["embed", "workspaces"],
  checkout: ["pricing"],
  profile: ["profile", "auth", "tracker", "calendar-feeds", "errors", "calculator"],
  workspaceSettings: ["workspaces"],
};

/** `common` and what the page at `pathname` (any language prefix) needs. */
export function namespacesForPath(pathname: string): string[] {
  const path = stripLanguagePrefix(pathname.split(/[?#]/)[0] || "/").replace(/^\/+|\/+$/g, "");
  const route = routeTable.find((r) => r.path === path);
  return ["common", ...(route ? (byRoute[route.name] ?? []) : [])];
}
