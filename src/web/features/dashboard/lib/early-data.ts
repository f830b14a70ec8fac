import { languages, localizedPath } from "~/app/route-table";
import { CURRENT_WORKSPACE_KEY, readKey } from "~/lib/storage-keys";
import { requestEarly } from "~/lib/api-client";
import { recentCalculationsCount } from "./recent-count";

/**
 * What the dashboard shows, in the order it can be asked for (issue 12): the session first
 * (nothing else is asked for without one, so a signed-out visit makes no failing request), then
 * the profile, the invitations and the workspaces, then the current workspace's tracker and
 * latest calculations. The same paths as the feature APIs, which take the answers
 * (lib/api-client.ts); the workspace is the one the provider will pick (remembered, or the
 * first). `get` starts one GET and resolves with a copy of its answer.
 *
 * Self-contained (no imports, no outer names, plain syntax): the SPA shell also carries it as an
 * inline script (`dashboardInlineScript`), its text taken with Function#toString.
 */
export async function dashboardRequests(
  get: (path: string) => Promise<Response>,
  remembered: string | null,
  latest: number,
): Promise<void> {
  const json = async (response: Promise<Response>): Promise<unknown> => {
    const answer = await response;
    return answer.ok ? answer.json() : null;
  };
  const session = (await json(get("/api/auth/get-session")).catch(() => null)) as {
    user?: unknown;
  } | null;
  if (!session?.user) return;
  void get("/api/me");
  void get("/api/invitations");
  const list = (await json(get("/api/workspaces")).catch(() => null)) as Array<{
    id: string;
  }> | null;
  if (!Array.isArray(list)) return;
  const current = list.find((w) => w.id === remembered) ?? list[0];
  if (!current) return;
  const ws = `/api/workspaces/${encodeURIComponent(current.id)}`;
  void get(`${ws}/zakat`);
  void get(`${ws}/calculations?latest=${latest}`);
}

/** The dashboard's addresses, one per language. */
const dashboardPaths = languages.map((lang) => localizedPath(lang, "dashboard"));

/** Whether a path is the dashboard's (in any language, with or without a trailing slash). */
export const isDashboardPath = (pathname: string) =>
  dashboardPaths.includes(pathname.replace(/\/+$/, "") || "/");

/** Where the inline script leaves the requests it started, by path. */
const startedKey = "__hawlEarly";

/**
 * The requests above, started by the SPA shell's HTML itself (root.tsx), before any script has
 * downloaded: on the dashboard's addresses only, the module code then takes them over
 * (`requestDashboardData`). Under Lighthouse's mobile throttling the entry's scripts take about
 * a second to arrive; the session → workspaces → tracker chain runs meanwhile instead of after.
 * The server allows the script by its hash (server/http/static-web.ts).
 */
export function dashboardInlineScript(): string {
  return (
    `(function(){if(${JSON.stringify(dashboardPaths)}.indexOf(location.pathname.replace(/\\/+$/,""))<0)return;` +
    `var s=window.${startedKey}={};var k=null;try{k=localStorage.getItem(${JSON.stringify(CURRENT_WORKSPACE_KEY)})}catch(e){}` +
    `(${dashboardRequests.toString()})(function(p){var r=fetch(p,{credentials:"same-origin"});s[p]=r;` +
    `r.catch(function(){});return r.then(function(x){return x.clone()})},k,${recentCalculationsCount})` +
    `.catch(function(){})})()`
  );
}

/** The dashboard's requests from the module code: those the inline script started are taken over. */
export async function requestDashboardData(): Promise<void> {
  const started =
    (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
      startedKey
    ] ?? {};
  return dashboardRequests(
    (path) => requestEarly(path, started[path]),
    readKey(CURRENT_WORKSPACE_KEY),
    recentCalculationsCount,
  );
}
