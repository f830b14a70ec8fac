import { Hono, type MiddlewareHandler } from "hono";
import {
  createEmbedConfigRequestSchema,
  updateEmbedConfigRequestSchema,
} from "../../contracts/embed.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { createEmbedConfig } from "../services/create-embed-config.ts";
import { csvLine } from "../csv.ts";
import { deleteEmbedConfig } from "../services/delete-embed-config.ts";
import { getEmbedUsage } from "../services/get-embed-usage.ts";
import { assertOwnEmbedConfig } from "../services/embed-config-records.ts";
import { listEmbedConfigs } from "../services/list-embed-configs.ts";
import { updateEmbedConfig } from "../services/update-embed-config.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/**
 * /api/embed-configs (API.md): the caller's own embed configurations. Per user, not per
 * workspace (spec §6); another user's configuration answers 404 exactly as one that does not
 * exist, and the id is checked before the body is read.
 */
export function embedConfigRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  defaultPlan?: PlanId;
  now?: () => Date;
}) {
  const { db, requireSession, defaultPlan } = deps;
  const today = () => (deps.now ? deps.now() : new Date()).toISOString().slice(0, 10);
  const owned: MiddlewareHandler<AppEnv> = async (c, next) => {
    await assertOwnEmbedConfig(db, { id: c.req.param("id")!, userId: c.var.userId });
    await next();
  };
  return (
    new Hono<AppEnv>()
      .get("/", requireSession, async (c) =>
        c.json(await listEmbedConfigs({ db, userId: c.var.userId })),
      )
      .post("/", requireSession, async (c) => {
        const body = await readJson(c, createEmbedConfigRequestSchema);
        return c.json(
          await createEmbedConfig({ db, userId: c.var.userId, ...body, defaultPlan }),
          201,
        );
      })
      // the last 30 days' counts (issue 18), as JSON for the chart and as CSV
      .get("/:id/usage", requireSession, async (c) =>
        c.json(
          await getEmbedUsage({ db, userId: c.var.userId, id: c.req.param("id"), today: today() }),
        ),
      )
      .get("/:id/usage.csv", requireSession, async (c) => {
        const day = today();
        const usage = await getEmbedUsage({
          db,
          userId: c.var.userId,
          id: c.req.param("id"),
          today: day,
        });
        const csv =
          csvLine(["day", "loads", "completed", "zakat_due", "cta_clicks"]) +
          usage.days
            .map((d) =>
              csvLine([
                d.day,
                String(d.loads),
                String(d.completed),
                String(d.due),
                String(d.ctaClicks),
              ]),
            )
            .join("");
        return c.body(csv, 200, {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="hawl-embed-usage-${day}.csv"`,
        });
      })
      .patch("/:id", requireSession, owned, async (c) => {
        const changes = await readJson(c, updateEmbedConfigRequestSchema);
        const id = c.req.param("id");
        return c.json(
          await updateEmbedConfig({ db, userId: c.var.userId, id, changes, defaultPlan }),
        );
      })
      .delete("/:id", requireSession, async (c) => {
        await deleteEmbedConfig({ db, userId: c.var.userId, id: c.req.param("id") });
        return c.body(null, 204);
      })
  );
}
