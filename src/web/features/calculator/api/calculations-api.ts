import { ApiError } from "~/lib/api-client";
import {
  calculationSchema,
  calculationVersionConflictSchema,
  type Calculation,
  type CreateCalculationRequest,
  type UpdateCalculationRequest,
} from "../../../../contracts/calculations";
import { errorBodySchema } from "../../../../contracts/errors";

/** 409 VERSION_CONFLICT: someone saved this calculation since it was read here. */
export class VersionConflictError extends ApiError {
  constructor(
    message: string,
    readonly current: Calculation,
  ) {
    super(409, "VERSION_CONFLICT", message);
  }
}

// The calculator's own fetch for saved calculations: like ~/lib/api-client's `api`, plus an
// `Idempotency-Key` header on create and the conflict body (the version now stored) on 409.
async function request(
  path: string,
  init: { method: string; body?: unknown; idempotencyKey?: string },
): Promise<Calculation> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      credentials: "same-origin",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.idempotencyKey ? { "idempotency-key": init.idempotencyKey } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Network error");
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const conflict = calculationVersionConflictSchema.safeParse(data);
    if (response.status === 409 && conflict.success) {
      throw new VersionConflictError(conflict.data.error.message, conflict.data.error.current);
    }
    const parsed = errorBodySchema.safeParse(data);
    throw parsed.success
      ? new ApiError(
          response.status,
          parsed.data.error.code,
          parsed.data.error.message,
          parsed.data.error.fields,
        )
      : new ApiError(response.status, "INTERNAL", response.statusText);
  }
  const parsed = calculationSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, "INTERNAL", "Unexpected answer");
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
