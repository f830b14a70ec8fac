import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  createMilestoneRequestSchema,
  createObligationRequestSchema,
  recordPaymentRequestSchema,
  restoreMilestonesRequestSchema,
  syncZakatRequestSchema,
  updateTrackerSettingsRequestSchema,
} from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { addObligation } from "../services/add-obligation.ts";
import { addWorkspaceMilestone } from "../services/add-milestone.ts";
import { getZakatData } from "../services/get-zakat-data.ts";
import { listWorkspaceMilestones } from "../services/list-milestones.ts";
import { listWorkspaceObligations } from "../services/list-obligations.ts";
import { recordPayment } from "../services/record-payment.ts";
import { removeObligation } from "../services/remove-obligation.ts";
import { removeWorkspaceMilestone } from "../services/remove-milestone.ts";
import { restoreWorkspaceMilestones } from "../services/restore-milestones.ts";
import { syncZakatData } from "../services/sync-zakat-data.ts";
import { updateTrackerSettings } from "../services/update-tracker-settings.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";
import { workspaceMember, workspaceScope } from "./workspace-guards.ts";

/**
 * The nisab tracker (API.md "zakat", "milestones", "obligations"): /api/workspaces/:ws/…
 * Members only: the membership is checked before a body is read, so a non-member gets 404
 * whatever they send.
 */
export function trackerRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  const member = workspaceMember(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return new Hono<AppEnv>()
    .get("/:ws/zakat", requireSession, async (c) => c.json(await getZakatData(scope(c))))
    .post("/:ws/zakat", requireSession, member, async (c) => {
      const request = await readJson(c, syncZakatRequestSchema);
      return c.json(await syncZakatData({ ...scope(c), request, now: now() }));
    })
    .patch("/:ws/zakat/settings", requireSession, member, async (c) => {
      const request = await readJson(c, updateTrackerSettingsRequestSchema);
      return c.json(await updateTrackerSettings({ ...scope(c), request, now: now() }));
    })
    .get("/:ws/milestones", requireSession, async (c) =>
      c.json(await listWorkspaceMilestones(scope(c))),
    )
    .post("/:ws/milestones", requireSession, member, async (c) => {
      const request = await readJson(c, createMilestoneRequestSchema);
      return c.json(await addWorkspaceMilestone({ ...scope(c), request, now: now() }), 201);
    })
    .post("/:ws/milestones/restore", requireSession, member, async (c) => {
      const request = await readJson(c, restoreMilestonesRequestSchema);
      return c.json(await restoreWorkspaceMilestones({ ...scope(c), request }));
    })
    .delete("/:ws/milestones/:id", requireSession, async (c) =>
      c.json(await removeWorkspaceMilestone({ ...scope(c), id: c.req.param("id") })),
    )
    .get("/:ws/obligations", requireSession, async (c) =>
      c.json(await listWorkspaceObligations(scope(c))),
    )
    .post("/:ws/obligations", requireSession, member, async (c) => {
      const request = await readJson(c, createObligationRequestSchema);
      return c.json(await addObligation({ ...scope(c), request, now: now() }), 201);
    })
    .post("/:ws/obligations/:id/payments", requireSession, member, async (c) => {
      const request = await readJson(c, recordPaymentRequestSchema);
      return c.json(
        await recordPayment({ ...scope(c), id: c.req.param("id"), request, now: now() }),
        201,
      );
    })
    .delete("/:ws/obligations/:id", requireSession, async (c) => {
      await removeObligation({ ...scope(c), id: c.req.param("id"), now: now() });
      return c.body(null, 204);
    });
}
