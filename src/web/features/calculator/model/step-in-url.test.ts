import { describe, expect, it } from "vitest";
import { cashDraft } from "../test/drafts";
import { parseStepParam, reachableStep } from "./step-in-url";

describe("the calculator's step in its address (issue 30)", () => {
  it("reads a step number, nothing else", () => {
    expect(parseStepParam("3")).toBe(3);
    expect(parseStepParam(null)).toBeNull();
    for (const bad of ["0", "-1", "two", "3.5", "", "99999"])
      expect(parseStepParam(bad)).toBeNull();
  });

  it("shows the step asked for when it can be reached (the cash case: 3 steps)", () => {
    const draft = cashDraft("assets");
    expect(reachableStep(draft, 1)).toBe("assets");
    expect(reachableStep(draft, 3)).toBe("cash");
    expect(reachableStep(draft, 4)).toBe("results");
  });

  it("clamps past the last step, and before an amount that cannot be read", () => {
    const draft = cashDraft("assets");
    expect(reachableStep(draft, 42)).toBe("results");
    const unreadable = { ...draft, amounts: { ...draft.amounts, cashInHand: "12abc" } };
    expect(reachableStep(unreadable, 4)).toBe("cash");
    expect(reachableStep(unreadable, 2)).toBe("liabilities");
  });
});
