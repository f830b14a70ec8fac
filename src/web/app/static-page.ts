import { useContext } from "react";
import { UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from "react-router";

// Decision 025: the marketing pages (landing, pricing, donate, privacy, terms) are served as
// their prerendered HTML without the SPA runtime: no React, no React Router, no modulepreload.
// A route opts in with `export const handle = staticPage`; while such a page is prerendered,
// root.tsx writes the islands' small script (src/web/islands/static-page.ts) instead of
// <Scripts/>, and the components that would need React render their native HTML version
// (popover menus, CSS-only billing switch, plain links). In the browser React still renders these
// routes normally (a client-side navigation from an app page), with the usual components.

export interface PageHandle {
  /** false: prerendered without the SPA runtime */
  hydrate?: boolean;
}

export const staticPage = { hydrate: false } as const satisfies PageHandle;

export { ISLANDS_SCRIPT_PLACEHOLDER } from "~/islands/script-placeholder";

/** Whether any matched route asks to go without the SPA runtime. */
export function wantsNoRuntime(matches: ReadonlyArray<{ route: { handle?: unknown } }>): boolean {
  return matches.some((m) => (m.route.handle as PageHandle | undefined)?.hydrate === false);
}

/**
 * True while a static page is rendered into HTML by the production build (the prerender): the
 * page must then work with no React in the browser. False in the browser, in development and
 * in tests, where React renders the page and keeps it interactive, and for the SPA shell
 * (__spa-fallback.html, rendered at "/" in React Router's SPA mode), which is the app's.
 */
export function useStaticPage(): boolean {
  // the router's state rather than useMatches(), which throws outside a data router (tests)
  const matches = useContext(UNSAFE_DataRouterStateContext)?.matches ?? [];
  const spaShell = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  return buildRender() && !spaShell && wantsNoRuntime(matches);
}

/**
 * True while the production build renders the SPA shell (__spa-fallback.html), the HTML of every
 * page that is not prerendered: what only that HTML carries (the dashboard's early requests,
 * features/dashboard/lib/early-data.ts) is written then. The browser's render leaves it out;
 * React 19 skips an element of <head> it did not render.
 */
export function useSpaShellRender(): boolean {
  const spaShell = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  return buildRender() && spaShell;
}

/** True while the production build renders HTML (the prerender or the SPA shell). */
export function buildRender(): boolean {
  return import.meta.env.PROD && typeof document === "undefined";
}
