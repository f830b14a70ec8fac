import { Hono, type MiddlewareHandler } from "hono";
import { deleteCookie } from "hono/cookie";
import {
  deleteAccountRequestSchema,
  exportCsvQuerySchema,
  updateMeRequestSchema,
} from "../../contracts/me.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { deleteAccount } from "../services/delete-account.ts";
import { exportAccountData, exportTableCsv } from "../services/export-account-data.ts";
import { getMe } from "../services/get-me.ts";
import { getPlanUsage } from "../services/get-plan-usage.ts";
import { updateMe } from "../services/update-me.ts";
import type { AppEnv } from "./context.ts";
import { readJson, readQuery } from "./validation.ts";

/** Better Auth's session cookies (cookiePrefix "hawl"; __Secure- over https). */
const sessionCookies = ["hawl.session_token", "hawl.session_data"];

/** GET, PATCH and DELETE /api/me; GET /api/me/plan, /api/me/export and /api/me/export.csv. */
export function meRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  defaultPlan?: PlanId;
  now?: () => Date;
  /** Stripe is configured (GET /api/me/plan says so) */
  onlinePayment?: boolean;
}) {
  const { db, requireSession, defaultPlan } = deps;
  const day = () => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  return new Hono<AppEnv>()
    .get("/", requireSession, async (c) =>
      c.json(await getMe({ db, userId: c.var.userId, defaultPlan })),
    )
    .get("/plan", requireSession, async (c) =>
      c.json(
        await getPlanUsage({
          db,
          userId: c.var.userId,
          defaultPlan,
          now: deps.now?.(),
          onlinePayment: deps.onlinePayment,
        }),
      ),
    )
    .patch("/", requireSession, async (c) => {
      const changes = await readJson(c, updateMeRequestSchema);
      return c.json(await updateMe({ db, userId: c.var.userId, changes, defaultPlan }));
    })
    .delete("/", requireSession, async (c) => {
      const { password } = await readJson(c, deleteAccountRequestSchema);
      await deleteAccount({ db, userId: c.var.userId, password });
      for (const name of sessionCookies) {
        deleteCookie(c, name, { path: "/" });
        deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
      }
      return c.body(null, 204);
    })
    .get("/export", requireSession, async (c) => {
      const data = await exportAccountData({ db, userId: c.var.userId, now: deps.now?.() });
      return c.body(JSON.stringify(data, null, 2), 200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-data-${day()}.json"`,
      });
    })
    .get("/export.csv", requireSession, async (c) => {
      const { table } = readQuery(c, exportCsvQuerySchema);
      const data = await exportAccountData({ db, userId: c.var.userId, now: deps.now?.() });
      return c.body(exportTableCsv(data, table), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-${table}-${day()}.csv"`,
      });
    });
}
