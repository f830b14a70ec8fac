import { requestDashboardData } from "~/features/dashboard/lib/early-data";
import { languageFromPath } from "../app/i18n";
import { stripLanguagePrefix } from "../app/language";
import { routeTable } from "../app/route-table";

// What a page starts before its catalogs have arrived and React hydrates (entry.client.tsx,
// issue 12). A page that is not prerendered comes from the SPA shell, which preloads only the
// root's scripts: its route modules and their imports would be asked for after hydration has
// begun, and its data after that. Both start here instead, side by side with the catalogs. (A
// prerendered page's HTML lists its modules already: only its data starts here.)

/** Data requests per route name (lib/api-client.ts: the feature APIs take the answers). */
const earlyData: Record<string, () => Promise<void>> = {
  dashboard: requestDashboardData,
};

interface RouterManifest {
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
}

export function startPageEarly(pathname: string): void {
  const bare = stripLanguagePrefix(pathname.split(/[?#]/)[0] || "/").replace(/^\/+|\/+$/g, "");
  const route = routeTable.find((r) => r.path === bare);
  if (!route) return;
  void earlyData[route.name]?.().catch(() => {});
  const manifest = (window as { __reactRouterManifest?: RouterManifest }).__reactRouterManifest;
  const lang = languageFromPath(pathname);
  const present = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) =>
      l.getAttribute("href"),
    ),
  );
  for (const id of [`${lang}:layout`, `${lang}:${route.name}`]) {
    const entry = manifest?.routes[id];
    if (!entry) continue;
    for (const href of [entry.module, ...(entry.imports ?? [])]) {
      if (present.has(href)) continue;
      present.add(href);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  }
}
