// Plan prices (spec §9) and the pricing page's extras; the limits themselves live in
// src/domain/plans.ts, shared with the server that enforces them.
import type { PlanId } from "../../domain/plans";

export {
  planIds,
  planLimits,
  planThatLifts,
  type LimitedFeature,
  type PlanId,
} from "../../domain/plans";

/** Prices in whole euros; a year costs ten months ("save 2 months"). */
export const planPrices: Record<PlanId, { monthly: number; yearly: number }> = {
  free: { monthly: 0, yearly: 0 },
  standard: { monthly: 9, yearly: 90 },
  pro: { monthly: 29, yearly: 290 },
};

export const PLAN_CURRENCY = "EUR";
export const POPULAR_PLAN: PlanId = "standard";

/** Plans with priority support (spec §6: Pro). */
export const prioritySupport: Record<PlanId, boolean> = {
  free: false,
  standard: false,
  pro: true,
};
