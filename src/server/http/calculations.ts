import type { MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/calculations.ts";
import type { Db } from "../db/client.ts";
import type { PriceService } from "../prices/price-service.ts";
import { deleteCalculationById } from "../services/delete-calculation.ts";
import { exportCalculationsCsv } from "../services/export-calculations-csv.ts";
import { getCalculation } from "../services/get-calculation.ts";
import { listCalculations } from "../services/list-calculations.ts";
import { saveCalculation } from "../services/save-calculation.ts";
import { updateCalculationById } from "../services/update-calculation.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "../errors.ts";
import { router } from "./route.ts";
import { workspaceMember } from "./workspace-guards.ts";
import { assertWorkspaceMember } from "../services/workspace-access.ts";

/** Visible ASCII, 1 to 255 characters (a UUID is the usual choice). */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * /api/workspaces/{ws}/calculations[.csv] and …/calculations/{id} (API.md), bound to their
 * declarations (contracts/endpoints/calculations.ts). Members only: the membership is checked
 * before the body is read, so a non-member gets 404 whatever they send. Mount at "/".
 */
export function calculationRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
  prices: PriceService;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  const member = workspaceMember(db);

  return router({ requireSession })
    .on(
      api.listCalculations,
      {
        // a non-member learns nothing, not even that the query is wrong
        beforeRefusal: (c) =>
          assertWorkspaceMember(db, { workspaceId: c.req.param("ws")!, userId: c.var.userId }),
      },
      async (c, { params, query }) =>
        c.json(await listCalculations({ db, userId: c.var.userId, workspaceId: params.ws, query })),
    )
    .on(api.exportCalculationsCsv, async (c, { params }) => {
      const csv = await exportCalculationsCsv({ db, userId: c.var.userId, workspaceId: params.ws });
      const day = now().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-calculations-${day}.csv"`,
      });
    })
    .on(api.saveCalculation, { guards: [member, idempotencyKey] }, async (c, { params, body }) => {
      const result = await saveCalculation({
        db,
        userId: c.var.userId,
        workspaceId: params.ws,
        request: body,
        idempotencyKey: c.req.header("idempotency-key"),
        now: now(),
        prices: deps.prices,
      });
      if (result.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(result.calculation, result.status);
    })
    .on(api.getCalculation, async (c, { params }) =>
      c.json(
        await getCalculation({ db, userId: c.var.userId, workspaceId: params.ws, id: params.id }),
      ),
    )
    .on(api.updateCalculation, { guards: [member] }, async (c, { params, body }) =>
      c.json(
        await updateCalculationById({
          db,
          userId: c.var.userId,
          workspaceId: params.ws,
          id: params.id,
          request: body,
          now: now(),
          prices: deps.prices,
        }),
      ),
    )
    .on(api.deleteCalculation, async (c, { params }) => {
      await deleteCalculationById({
        db,
        userId: c.var.userId,
        workspaceId: params.ws,
        id: params.id,
      });
      return c.body(null, 204);
    }).app;
}

/** The Idempotency-Key header, when sent, is visible ASCII of 1 to 255 characters. */
const idempotencyKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("idempotency-key");
  if (header !== undefined && !idempotencyKeyPattern.test(header)) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { "Idempotency-Key": "invalid" },
    });
  }
  await next();
};
