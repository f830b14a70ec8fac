import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { openAuthRouteTemplate } from "../auth/open-routes.ts";
import type { Metrics } from "./metrics.ts";

// Every request counted and timed under its route template (decision 062): the path the
// answering handler was mounted at (`/api/workspaces/:ws/calculations`), never the URL, so the
// labels are as many as the routes whatever clients send. Better Auth's routes, one mount
// (`/api/auth/*`), are told apart by their declarations; a 404 from a catch-all is "unmatched".

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export const unmatchedRoute = "unmatched";

/**
 * Called after the answer: Hono's route index is then the handler's that answered (or the
 * middleware's that refused, e.g. the Origin check on `/api/*`).
 */
export function routeLabel(c: Context): string {
  const path = routePath(c);
  if (path === "/api/auth/*") {
    return openAuthRouteTemplate(c.req.method, c.req.path) ?? unmatchedRoute;
  }
  if (path === "" || (path.endsWith("*") && c.res.status === 404)) return unmatchedRoute;
  return path;
}

export function countRequests(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels = {
      method: methods.has(c.req.method) ? c.req.method : "OTHER",
      route: routeLabel(c),
      status_class: `${Math.floor(c.res.status / 100)}xx`,
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
  };
}
