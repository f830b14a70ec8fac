import { ApiError, request } from "~/lib/api-client";
import { VersionConflictError } from "./version-conflict";
import * as calculations from "#contracts/endpoints/calculations.ts";
import {
  calculationVersionConflictSchema,
  type Calculation,
  type CreateCalculationRequest,
  type UpdateCalculationRequest,
} from "#contracts/calculations.ts";

export { VersionConflictError };

/** A calculation's call, with a 409 turned into VersionConflictError. */
async function send(call: () => Promise<Calculation>): Promise<Calculation> {
  try {
    return await call();
  } catch (error) {
    const conflict =
      error instanceof ApiError && error.status === 409
        ? calculationVersionConflictSchema.safeParse(error.body)
        : null;
    if (conflict?.success) {
      throw new VersionConflictError(conflict.data.error.message, conflict.data.error.current);
    }
    throw error;
  }
}

/** A fresh key per save attempt (a retry of the same attempt may reuse it). */
export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createCalculation(
  workspaceId: string,
  body: CreateCalculationRequest,
  idempotencyKey: string,
): Promise<Calculation> {
  return send(() =>
    request(calculations.saveCalculation, {
      params: { ws: workspaceId },
      body,
      headers: { "idempotency-key": idempotencyKey },
    }),
  );
}

export function updateCalculation(
  workspaceId: string,
  id: string,
  body: UpdateCalculationRequest,
): Promise<Calculation> {
  return send(() =>
    request(calculations.updateCalculation, { params: { ws: workspaceId, id }, body }),
  );
}

export function getCalculation(workspaceId: string, id: string): Promise<Calculation> {
  return send(() => request(calculations.getCalculation, { params: { ws: workspaceId, id } }));
}
