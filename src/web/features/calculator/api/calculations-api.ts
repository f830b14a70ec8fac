import { api, ApiError } from "~/lib/api-client";
import {
  calculationSchema,
  calculationVersionConflictSchema,
  type Calculation,
  type CreateCalculationRequest,
  type UpdateCalculationRequest,
} from "../../../../contracts/calculations";

/** 409 VERSION_CONFLICT: someone saved this calculation since it was read here. */
export class VersionConflictError extends ApiError {
  constructor(
    message: string,
    readonly current: Calculation,
  ) {
    super(409, "VERSION_CONFLICT", message);
  }
}

/** The shared API client, with the answer checked and a 409 turned into VersionConflictError. */
async function request(
  path: string,
  init: { method: string; body?: unknown; idempotencyKey?: string },
): Promise<Calculation> {
  let data: unknown;
  try {
    data = await api<unknown>(path, {
      method: init.method,
      body: init.body,
      headers: init.idempotencyKey ? { "idempotency-key": init.idempotencyKey } : {},
    });
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
  const parsed = calculationSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(200, "INTERNAL", "Unexpected answer");
  return parsed.data;
}

const base = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/calculations`;

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
  return request(base(workspaceId), { method: "POST", body, idempotencyKey });
}

export function updateCalculation(
  workspaceId: string,
  id: string,
  body: UpdateCalculationRequest,
): Promise<Calculation> {
  return request(`${base(workspaceId)}/${encodeURIComponent(id)}`, { method: "PUT", body });
}

export function getCalculation(workspaceId: string, id: string): Promise<Calculation> {
  return request(`${base(workspaceId)}/${encodeURIComponent(id)}`, { method: "GET" });
}
