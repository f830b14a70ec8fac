import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-day.ts";
import { addHijriYear } from "./hijri.ts";
import { hawlRules, milestoneTypes, type Milestone } from "./milestone.ts";
import { addMilestone, removeMilestone } from "./rules.ts";
import { invariantProblems, testReviewTitles } from "./test-timeline.ts";
import { deriveTimeline, thresholdStatusOn } from "./timeline.ts";

// Any sequence of adds (valid or not) and removes keeps the invariants of test-timeline.ts:
// sorted by date, at most one threshold per day, every child's parent exists, at most one
// threshold-down per threshold code, end dates and cancellations as the rules say. A refused add
// changes nothing and is refused for the reason the spec gives; the inputs are never mutated.

const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      // a short span, so that days collide often
      day: fc.integer({ min: 0, max: 150 }),
      type: fc.constantFrom(...milestoneTypes),
      quarterly: fc.boolean(),
      monthly: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }), weight: 1 },
);

function freeze(ms: Milestone[]): Milestone[] {
  for (const m of ms) Object.freeze(m);
  return Object.freeze(ms) as Milestone[];
}

describe("milestone rules, any sequence", () => {
  it("keeps the invariants", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...hawlRules),
        fc.boolean(),
        fc.array(op, { maxLength: 40 }),
        (rule, frozenClock, ops) => {
          let milestones: Milestone[] = freeze([]);
          let ids = 0;
          ops.forEach((o, step) => {
            if (o.kind === "remove") {
              if (milestones.length === 0) return;
              const target = milestones[o.pick % milestones.length]!;
              const result = removeMilestone(milestones, target.id);
              expect(result.removed).toContain(target.id);
              expect(result.milestones.length).toBe(milestones.length - result.removed.length);
              milestones = freeze(result.milestones);
            } else {
              const date = addDays("2024-01-01", o.day);
              const result = addMilestone(
                milestones,
                {
                  date,
                  title: `${o.type} ${step}`,
                  type: o.type,
                  quarterlyReminder: o.quarterly,
                  monthlyReminder: o.monthly,
                },
                {
                  // a frozen clock makes every threshold ask for the same code
                  now: new Date(Date.UTC(2024, 0, 1) + (frozenClock ? 0 : step * 1000)),
                  newId: () => `m${++ids}`,
                  reviewTitles: testReviewTitles,
                  rule,
                },
              );
              expect(result.ok).toBe(expectedAccepted(milestones, o.type, date));
              if (result.ok) milestones = freeze(result.milestones);
            }
            expect(invariantProblems(milestones, rule)).toEqual([]);
            const last = [...milestones]
              .reverse()
              .find((m) => m.type === "threshold" || m.type === "threshold-down");
            expect(deriveTimeline(milestones, rule).thresholdStatus).toBe(
              last === undefined ? "unknown" : last.type === "threshold" ? "above" : "below",
            );
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The spec's rules restated as the status on the day before (an independent oracle). */
function expectedAccepted(ms: readonly Milestone[], type: string, date: string): boolean {
  if (type === "threshold") return thresholdAccepted(ms, date);
  if (type !== "threshold-down") return true;
  const earlier = ms.filter((m) => m.type === "threshold" && m.date < date);
  if (earlier.length === 0) return false;
  const parent = earlier[earlier.length - 1]!;
  const downs = ms.filter((m) => m.type === "threshold-down");
  return (
    thresholdStatusOn(ms, addDays(date, -1)) === "above" &&
    !downs.some((m) => m.date === date || m.code === parent.code)
  );
}

/**
 * No second threshold on a day, nor while above nisab inside the running year (the day before is
 * above from a threshold whose year ends later, and no dip that day), nor just before a threshold
 * (the next nisab day has no dip) that falls within the new threshold's year.
 */
function thresholdAccepted(ms: readonly Milestone[], date: string): boolean {
  const nisab = ms.filter((m) => m.type === "threshold" || m.type === "threshold-down");
  if (nisab.some((m) => m.type === "threshold" && m.date === date)) return false;
  const dipThatDay = nisab.some((m) => m.date === date);
  const lastBefore = nisab.filter((m) => m.date < date).at(-1);
  if (
    !dipThatDay &&
    thresholdStatusOn(ms, addDays(date, -1)) === "above" &&
    lastBefore !== undefined &&
    lastBefore.endDate! > date
  ) {
    return false;
  }
  const later = nisab.filter((m) => m.date > date);
  if (later.length === 0) return true;
  const nextDay = later[0]!.date;
  const nextIsDip = later.some((m) => m.date === nextDay && m.type === "threshold-down");
  return nextIsDip || nextDay >= addHijriYear(date);
}
