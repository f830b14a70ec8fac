import type { Context, MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/tracker.ts";
import type { Db, Engine } from "../db/client.ts";
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
import { router } from "./route.ts";
import { workspaceMember, workspaceScope } from "./workspace-guards.ts";

/**
 * The nisab tracker (API.md "zakat", "milestones", "obligations"): /api/workspaces/{ws}/…,
 * bound to contracts/endpoints/tracker.ts; mount at "/". Members only: the membership is
 * checked before a body is read, so a non-member gets 404 whatever they send.
 */
export function trackerRoutes(deps: {
  db: Db;
  /** the database's engine: a large sync writes differently on each (decision 034) */
  engine: Engine;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  const member = workspaceMember(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return router({ requireSession })
    .on(api.getZakatData, async (c) => c.json(await getZakatData(scope(c))))
    .on(api.syncZakatData, { guards: [member] }, async (c, { body }) =>
      c.json(await syncZakatData({ ...scope(c), engine: deps.engine, request: body, now: now() })),
    )
    .on(api.updateTrackerSettings, { guards: [member] }, async (c, { body }) =>
      c.json(await updateTrackerSettings({ ...scope(c), request: body, now: now() })),
    )
    .on(api.listMilestones, async (c) => c.json(await listWorkspaceMilestones(scope(c))))
    .on(api.addMilestone, { guards: [member] }, async (c, { body }) =>
      c.json(await addWorkspaceMilestone({ ...scope(c), request: body, now: now() }), 201),
    )
    .on(api.restoreMilestones, { guards: [member] }, async (c, { body }) =>
      c.json(await restoreWorkspaceMilestones({ ...scope(c), request: body })),
    )
    .on(api.removeMilestone, async (c, { params }) =>
      c.json(await removeWorkspaceMilestone({ ...scope(c), id: params.id })),
    )
    .on(api.listObligations, async (c) => c.json(await listWorkspaceObligations(scope(c))))
    .on(api.addObligation, { guards: [member] }, async (c, { body }) =>
      c.json(await addObligation({ ...scope(c), request: body, now: now() }), 201),
    )
    .on(api.recordPayment, { guards: [member] }, async (c, { params, body }) =>
      c.json(await recordPayment({ ...scope(c), id: params.id, request: body, now: now() }), 201),
    )
    .on(api.removeObligation, async (c, { params }) => {
      await removeObligation({ ...scope(c), id: params.id, now: now() });
      return c.body(null, 204);
    }).app;
}
