import { Hono, type MiddlewareHandler } from "hono";
import { updateMeRequestSchema } from "../../contracts/me.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { getMe } from "../services/get-me.ts";
import { updateMe } from "../services/update-me.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/** GET and PATCH /api/me. */
export function meRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  defaultPlan?: PlanId;
}) {
  const { db, requireSession, defaultPlan } = deps;
  return new Hono<AppEnv>()
    .get("/", requireSession, async (c) =>
      c.json(await getMe({ db, userId: c.var.userId, defaultPlan })),
    )
    .patch("/", requireSession, async (c) => {
      const changes = await readJson(c, updateMeRequestSchema);
      return c.json(await updateMe({ db, userId: c.var.userId, changes, defaultPlan }));
    });
}
