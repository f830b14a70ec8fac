import { Hono, type MiddlewareHandler } from "hono";
import {
  calculationListQuerySchema,
  createCalculationRequestSchema,
  updateCalculationRequestSchema,
} from "../../contracts/calculations.ts";
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
import { readJson, validationFailed } from "./validation.ts";
import { workspaceMember } from "./workspace-guards.ts";
import { assertWorkspaceMember } from "../services/workspace-access.ts";

/** Visible ASCII, 1 to 255 characters (a UUID is the usual choice). */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * /api/workspaces/:ws/calculations[.csv] and …/calculations/:id (API.md). Members only: the
 * membership is checked before the body is read, so a non-member gets 404 whatever they send.
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

  return new Hono<AppEnv>()
    .get("/:ws/calculations", requireSession, async (c) => {
      const workspaceId = c.req.param("ws");
      const parsed = calculationListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) {
        // a non-member learns nothing, not even that the query is wrong
        await assertWorkspaceMember(db, { workspaceId, userId: c.var.userId });
        throw validationFailed(parsed.error, "query");
      }
      return c.json(
        await listCalculations({ db, userId: c.var.userId, workspaceId, query: parsed.data }),
      );
    })
    .get("/:ws/calculations.csv", requireSession, async (c) => {
      const csv = await exportCalculationsCsv({
        db,
        userId: c.var.userId,
        workspaceId: c.req.param("ws"),
      });
      const day = now().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="hawl-calculations-${day}.csv"`,
      });
    })
    .post("/:ws/calculations", requireSession, member, async (c) => {
      const header = c.req.header("idempotency-key");
      if (header !== undefined && !idempotencyKeyPattern.test(header)) {
        throw new AppError("VALIDATION_FAILED", "Validation failed.", {
          fields: { "Idempotency-Key": "invalid" },
        });
      }
      const request = await readJson(c, createCalculationRequestSchema);
      const result = await saveCalculation({
        db,
        userId: c.var.userId,
        workspaceId: c.req.param("ws"),
        request,
        idempotencyKey: header,
        now: now(),
        prices: deps.prices,
      });
      if (result.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(result.calculation, result.status);
    })
    .get("/:ws/calculations/:id", requireSession, async (c) =>
      c.json(
        await getCalculation({
          db,
          userId: c.var.userId,
          workspaceId: c.req.param("ws"),
          id: c.req.param("id"),
        }),
      ),
    )
    .put("/:ws/calculations/:id", requireSession, member, async (c) => {
      const request = await readJson(c, updateCalculationRequestSchema);
      return c.json(
        await updateCalculationById({
          db,
          userId: c.var.userId,
          workspaceId: c.req.param("ws"),
          id: c.req.param("id"),
          request,
          now: now(),
          prices: deps.prices,
        }),
      );
    })
    .delete("/:ws/calculations/:id", requireSession, async (c) => {
      await deleteCalculationById({
        db,
        userId: c.var.userId,
        workspaceId: c.req.param("ws"),
        id: c.req.param("id"),
      });
      return c.body(null, 204);
    });
}
