import type { MiddlewareHandler } from "hono";
import { deleteCookie } from "hono/cookie";
import * as api from "../../contracts/endpoints/account.ts";
import { isLanguage } from "../../domain/language.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import { deleteAccount } from "../services/delete-account.ts";
import { exportAccountData, exportTableCsv } from "../services/export-account-data.ts";
import { getMe } from "../services/get-me.ts";
import { getPlanUsage } from "../services/get-plan-usage.ts";
import { updateMe } from "../services/update-me.ts";
import type { AppEnv } from "./context.ts";
import { getNotificationSettings } from "../services/get-notification-settings.ts";
import { updateNotificationSettings } from "../services/update-notification-settings.ts";
import { router } from "./route.ts";

/** Better Auth's session cookies (cookiePrefix "hawl"; __Secure- over https). */
const sessionCookies = ["hawl.session_token", "hawl.session_data"];

/**
 * GET, PATCH and DELETE /api/me; GET /api/me/plan, /api/me/export and /api/me/export.csv; GET
 * and PATCH /api/me/notification-settings (issue 15). Bound to contracts/endpoints/account.ts;
 * mount at "/".
 */
export function meRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  defaultPlan?: PlanId;
  now?: () => Date;
  /** Stripe, when configured (GET /api/me/plan says so; DELETE /api/me cancels with it) */
  billing?: Billing | null;
}) {
  const { db, requireSession, defaultPlan } = deps;
  const day = () => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  return router({ requireSession })
    .on(api.getMe, async (c) => c.json(await getMe({ db, userId: c.var.userId, defaultPlan })))
    .on(api.getPlanUsage, async (c) =>
      c.json(
        await getPlanUsage({
          db,
          userId: c.var.userId,
          defaultPlan,
          now: deps.now?.(),
          onlinePayment: !!deps.billing,
        }),
      ),
    )
    .on(api.updateMe, async (c, { body }) =>
      c.json(await updateMe({ db, userId: c.var.userId, changes: body, defaultPlan })),
    )
    .on(api.deleteAccount, async (c, { body }) => {
      await deleteAccount({
        db,
        billing: deps.billing ?? null,
        userId: c.var.userId,
        password: body.password,
      });
      for (const name of sessionCookies) {
        deleteCookie(c, name, { path: "/" });
        deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
      }
      return c.body(null, 204);
    })
    .on(api.exportAccountData, async (c) => {
      const data = await exportAccountData({ db, userId: c.var.userId, now: deps.now?.() });
      return c.body(JSON.stringify(data, null, 2), 200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-data-${day()}.json"`,
      });
    })
    .on(api.exportAccountCsv, async (c, { query }) => {
      const data = await exportAccountData({ db, userId: c.var.userId, now: deps.now?.() });
      // the page's language when the link says it, else the language the account chose for
      // its reminders, else the browser's
      const reminderLanguage = data.tables.notificationSettings[0]?.language;
      const lang =
        query.lang ??
        (isLanguage(reminderLanguage) ? reminderLanguage : detectLanguage(c.req.raw.headers));
      return c.body(exportTableCsv(data, query.table, lang), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-${query.table}-${day()}.csv"`,
      });
    })
    .on(api.getNotificationSettings, async (c) =>
      c.json(await getNotificationSettings({ db, userId: c.var.userId })),
    )
    .on(api.updateNotificationSettings, async (c, { body }) =>
      c.json(await updateNotificationSettings({ db, userId: c.var.userId, changes: body })),
    ).app;
}
