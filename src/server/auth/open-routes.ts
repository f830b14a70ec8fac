import { authEndpoints } from "../../contracts/endpoints/auth.ts";

// Better Auth mounts some thirty routes; Hawl uses nine. The others (verify-password,
// change-password, change-email, update-user, delete-user, list-sessions, …) would each be one
// more way in with a stolen session — verify-password a password oracle with no limit (issue
// 28) — so only the routes declared in contracts/endpoints/auth.ts (`betterAuth: true`, hence
// in the OpenAPI document) reach Better Auth; any other method and path under /api/auth answers
// 404 (decision 047). A route becomes open by being declared, never by a Better Auth upgrade.

/** A path parameter of a declared route: Better Auth's tokens are letters, digits, - and _. */
const parameter = "[A-Za-z0-9_-]+";

const open = authEndpoints.map((endpoint) => ({
  method: endpoint.method.toUpperCase(),
  /** Hono's spelling of the template (`:token`), what /metrics labels the route with */
  template: endpoint.path.replace(/\{(\w+)\}/g, ":$1"),
  path: new RegExp(
    `^${endpoint.path
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(parameter)}$`,
  ),
}));

/**
 * Whether Hawl serves this Better Auth route. `pathname` is the request URL's, as sent (not
 * decoded): an encoded spelling of a closed route matches nothing here, so it stays closed.
 */
export function isOpenAuthRoute(method: string, pathname: string): boolean {
  return openAuthRouteTemplate(method, pathname) !== null;
}

/** The template of the declared route this request is, or null (metrics/count-requests.ts). */
export function openAuthRouteTemplate(method: string, pathname: string): string | null {
  const upper = method.toUpperCase();
  return (
    open.find((route) => route.method === upper && route.path.test(pathname))?.template ?? null
  );
}
