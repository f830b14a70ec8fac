import type { MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/embed.ts";
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
import { router } from "./route.ts";

/**
 * /api/embed-configs (API.md): the caller's own embed configurations. Per user, not per
 * workspace (spec §6); another user's configuration answers 404 exactly as one that does not
 * exist, and the id is checked before the body is read. Bound to contracts/endpoints/embed.ts;
 * mount at "/".
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
    router({ requireSession })
      .on(api.listEmbedConfigs, async (c) =>
        c.json(await listEmbedConfigs({ db, userId: c.var.userId })),
      )
      .on(api.createEmbedConfig, async (c, { body }) => {
        return c.json(
          await createEmbedConfig({ db, userId: c.var.userId, ...body, defaultPlan }),
          201,
        );
      })
      // the last 30 days' counts (issue 18), as JSON for the chart and as CSV
      .on(api.getEmbedUsage, async (c, { params }) =>
        c.json(await getEmbedUsage({ db, userId: c.var.userId, id: params.id, today: today() })),
      )
      .on(api.exportEmbedUsageCsv, async (c, { params }) => {
        const day = today();
        const usage = await getEmbedUsage({
          db,
          userId: c.var.userId,
          id: params.id,
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
      .on(api.updateEmbedConfig, { guards: [owned] }, async (c, { params, body }) =>
        c.json(
          await updateEmbedConfig({
            db,
            userId: c.var.userId,
            id: params.id,
            changes: body,
            defaultPlan,
          }),
        ),
      )
      .on(api.deleteEmbedConfig, async (c, { params }) => {
        await deleteEmbedConfig({ db, userId: c.var.userId, id: params.id });
        return c.body(null, 204);
      }).app
  );
}
