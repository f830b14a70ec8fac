import { calculateRequestSchema } from "#contracts/calculate.ts";
import { computeRequest, toCalculateRequest, type ComputeOutcome } from "./compute-core";
import type { Draft } from "./draft";

// The app's computation of a draft: the request is also checked against the contract's schema,
// as the server will check it when the calculation is saved.

export { toCalculateRequest, type ComputeOutcome } from "./compute-core";

export function computeDraft(draft: Draft): ComputeOutcome {
  const request = toCalculateRequest(draft);
  if (typeof request === "string") return { ok: false, reason: request };
  const parsed = calculateRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, reason: "amounts" };
  return { ok: true, request, response: computeRequest(parsed.data) };
}
