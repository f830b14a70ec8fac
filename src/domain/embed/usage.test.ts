import { describe, expect, it } from "vitest";
import { isEmbedUsageEvent, lastDays } from "./usage.ts";

describe("embed usage", () => {
  it.each([
    ["load", true],
    ["completed", true],
    ["due", true],
    ["cta", true],
    ["click", false],
    ["LOAD", false],
    ["", false],
    [1, false],
    [null, false],
  ])("%j is an event: %s", (value, expected) => {
    expect(isEmbedUsageEvent(value)).toBe(expected);
  });

  it.each([
    ["2026-03-02", 3, ["2026-02-28", "2026-03-01", "2026-03-02"]],
    ["2028-03-01", 2, ["2028-02-29", "2028-03-01"]],
    ["2026-01-01", 1, ["2026-01-01"]],
  ] as const)("the %s days ending %s", (today, count, expected) => {
    expect(lastDays(today, count)).toEqual(expected);
  });

  it("30 days end today", () => {
    const days = lastDays("2026-11-25", 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-10-27");
    expect(days[29]).toBe("2026-11-25");
  });
});
