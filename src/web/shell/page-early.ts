import { requestDashboardData } from "~/features/dashboard/lib/early-data";
import { pageAt } from "../../contracts/web-routes";

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
  const page = pageAt(pathname);
  if (!page) return;
  void earlyData[page.name]?.().catch(() => {});
  const manifest = (window as { __reactRouterManifest?: RouterManifest }).__reactRouterManifest;
  const present = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) =>
      l.getAttribute("href"),
    ),
  );
  // the route ids of routes.ts: one per page, under the one layout of every language
  for (const id of ["layout", page.name]) {
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
