// Plan limits of spec §6 as data. `null` means unlimited. Every account is on "free" until
// payments land; the server reads these numbers, the pricing page may too.
export const planIds = ["free", "standard", "pro"] as const;
export type PlanId = (typeof planIds)[number];

export const defaultPlan: PlanId = "free";

export type LimitedFeature = "workspaces" | "invitations" | "embedDomains" | "calendarIntegrations";

export const planLimits: Readonly<Record<PlanId, Readonly<Record<LimitedFeature, number | null>>>> =
  {
    free: { workspaces: 1, invitations: 0, embedDomains: 2, calendarIntegrations: 1 },
    standard: { workspaces: 4, invitations: 4, embedDomains: 8, calendarIntegrations: 4 },
    pro: { workspaces: null, invitations: null, embedDomains: null, calendarIntegrations: null },
  };

export function limitOf(plan: PlanId, feature: LimitedFeature): number | null {
  return planLimits[plan][feature];
}

/** Whether one more item fits, given how many the account already has. */
export function canAddOneMore(
  plan: PlanId,
  feature: LimitedFeature,
  currentCount: number,
): boolean {
  const limit = limitOf(plan, feature);
  return limit === null || currentCount < limit;
}

/** The cheapest plan whose limit for `feature` is above `count`, or null when none is. */
export function planThatLifts(feature: LimitedFeature, count: number): PlanId | null {
  return planIds.find((plan) => canAddOneMore(plan, feature, count)) ?? null;
}

/** What a plan includes or not, beside its counted limits (issue 33: the zakat statement). */
export type PlanFeature = "statements";

export const planFeatures: Readonly<Record<PlanId, Readonly<Record<PlanFeature, boolean>>>> = {
  free: { statements: false },
  standard: { statements: true },
  pro: { statements: true },
};

export function planIncludes(plan: PlanId, feature: PlanFeature): boolean {
  return planFeatures[plan][feature];
}

/** The cheapest plan that includes `feature`. */
export function cheapestPlanWith(feature: PlanFeature): PlanId {
  return planIds.find((plan) => planIncludes(plan, feature)) ?? "pro";
}
