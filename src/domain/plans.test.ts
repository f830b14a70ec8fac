import { describe, expect, it } from "vitest";
import { canAddOneMore, limitOf, type LimitedFeature, type PlanId } from "./plans.ts";

describe("limitOf (spec §6)", () => {
  it.each<[PlanId, LimitedFeature, number | null]>([
    ["free", "workspaces", 1],
    ["free", "invitations", 0],
    ["free", "embedDomains", 2],
    ["free", "calendarIntegrations", 1],
    ["standard", "workspaces", 4],
    ["standard", "invitations", 4],
    ["standard", "embedDomains", 8],
    ["standard", "calendarIntegrations", 4],
    ["pro", "workspaces", null],
    ["pro", "invitations", null],
    ["pro", "embedDomains", null],
    ["pro", "calendarIntegrations", null],
  ])("%s / %s → %s", (plan, feature, expected) => {
    expect(limitOf(plan, feature)).toBe(expected);
  });
});

describe("canAddOneMore", () => {
  it.each<[PlanId, LimitedFeature, number, boolean]>([
    // the personal workspace already uses the free plan's only workspace
    ["free", "workspaces", 0, true],
    ["free", "workspaces", 1, false],
    ["free", "workspaces", 2, false],
    ["free", "invitations", 0, false],
    ["free", "embedDomains", 1, true],
    ["free", "embedDomains", 2, false],
    ["free", "calendarIntegrations", 0, true],
    ["free", "calendarIntegrations", 1, false],
    ["standard", "workspaces", 3, true],
    ["standard", "workspaces", 4, false],
    ["standard", "invitations", 3, true],
    ["standard", "invitations", 4, false],
    ["standard", "embedDomains", 7, true],
    ["standard", "embedDomains", 8, false],
    ["standard", "calendarIntegrations", 4, false],
    ["pro", "workspaces", 10_000, true],
    ["pro", "invitations", 10_000, true],
    ["pro", "embedDomains", 10_000, true],
    ["pro", "calendarIntegrations", 10_000, true],
  ])("%s / %s with %i → %s", (plan, feature, count, expected) => {
    expect(canAddOneMore(plan, feature, count)).toBe(expected);
  });
});
