import { Hono, type Context, type MiddlewareHandler } from "hono";
import { createCalendarFeedRequestSchema } from "../../contracts/calendar-feeds.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import { createCalendarFeed } from "../services/create-calendar-feed.ts";
import { listWorkspaceCalendarFeeds } from "../services/list-calendar-feeds.ts";
import { renderCalendarFeed } from "../services/render-calendar-feed.ts";
import { revokeCalendarFeed } from "../services/revoke-calendar-feed.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";
import { workspaceMember, workspaceScope } from "./workspace-guards.ts";

/**
 * Calendar feeds (API.md "calendar-feeds", decision 016): /api/workspaces/:ws/calendar-feeds
 * for members (the membership is checked before a body is read), and the feed itself,
 * /api/workspaces/:ws/calendar.ics?token=…, which needs no session: calendar apps fetch it.
 */
export function calendarFeedRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  baseUrl: string;
  defaultPlan?: PlanId;
}) {
  const { db, requireSession, baseUrl, defaultPlan } = deps;
  const member = workspaceMember(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return new Hono<AppEnv>()
    .get("/:ws/calendar-feeds", requireSession, async (c) =>
      c.json(await listWorkspaceCalendarFeeds(scope(c))),
    )
    .post("/:ws/calendar-feeds", requireSession, member, async (c) => {
      const request = await readJson(c, createCalendarFeedRequestSchema);
      const language = request.language ?? detectLanguage(c.req.raw.headers);
      return c.json(await createCalendarFeed({ ...scope(c), language, baseUrl, defaultPlan }), 201);
    })
    .delete("/:ws/calendar-feeds/:id", requireSession, async (c) => {
      await revokeCalendarFeed({ ...scope(c), id: c.req.param("id") });
      return c.body(null, 204);
    })
    .get("/:ws/calendar.ics", async (c) => {
      // a missing token is just another wrong one: the same lookup, the same 404
      const text = await renderCalendarFeed({
        db,
        workspaceId: c.req.param("ws"),
        token: c.req.query("token") ?? "",
        baseUrl,
      });
      return c.body(text, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="hawl.ics"',
        // the URL is a secret: no shared cache, and calendar apps fetch it again anyway
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      });
    });
}
