import { Hono, type MiddlewareHandler } from "hono";
import { updateNotificationSettingsRequestSchema } from "../../contracts/notifications.ts";
import type { Db } from "../db/client.ts";
import { getNotificationSettings } from "../services/get-notification-settings.ts";
import { updateNotificationSettings } from "../services/update-notification-settings.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/** GET and PATCH /api/me/notification-settings (issue 15). */
export function notificationSettingsRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
}) {
  const { db, requireSession } = deps;
  return new Hono<AppEnv>()
    .get("/", requireSession, async (c) =>
      c.json(await getNotificationSettings({ db, userId: c.var.userId })),
    )
    .patch("/", requireSession, async (c) => {
      const changes = await readJson(c, updateNotificationSettingsRequestSchema);
      return c.json(await updateNotificationSettings({ db, userId: c.var.userId, changes }));
    });
}
