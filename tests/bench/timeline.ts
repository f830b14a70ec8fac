// Timelines for the benchmark scripts in this folder: a deterministic pseudo-random sequence, and
// a timeline of milestones grown as a person's would, through the domain's own rules
// (addMilestone).

import { performance } from "node:perf_hooks";
import {
  addDays,
  addMilestone,
  type HawlRule,
  type Milestone,
  type NewMilestone,
} from "../../src/domain/hawl/index.ts";
import { testReviewTitles } from "../../src/domain/hawl/test-timeline.ts";

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same timeline. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TimelineShape {
  /** Stop once the timeline holds at least this many milestones. */
  target: number;
  rule: HawlRule;
  /** Seed of the pseudo-random sequence. */
  seed: number;
  /** Date of the first threshold. */
  firstDay: string;
  /** Dues and payments added by hand each year. */
  byHandPerYear: number;
  newId: () => string;
}

/**
 * About `target` milestones: a threshold most years with its quarterly and monthly reviews,
 * dues and payments by hand, dips (threshold-down) and re-gained thresholds. Returns the
 * milestones, the number of adds tried, and the time taken in ms.
 */
export function buildTimeline(shape: TimelineShape) {
  const next = random(shape.seed);
  let milestones: Milestone[] = [];
  let day = shape.firstDay;
  let clock = Date.UTC(2024, 0, 1);
  let adds = 0;
  const start = performance.now();
  const add = (input: NewMilestone) => {
    const result = addMilestone(milestones, input, {
      now: new Date((clock += 1000)),
      newId: shape.newId,
      rule: shape.rule,
      reviewTitles: testReviewTitles,
    });
    adds++;
    if (result.ok) milestones = result.milestones;
  };
  while (milestones.length < shape.target) {
    add({
      date: day,
      title: "Reached nisab",
      type: "threshold",
      quarterlyReminder: next() < 0.9,
      monthlyReminder: next() < 0.6,
    });
    for (let i = 0; i < shape.byHandPerYear; i++) {
      const type = next() < 0.5 ? "due" : "payment";
      add({ date: addDays(day, Math.floor(next() * 350)), title: `By hand ${i}`, type });
    }
    if (next() < 0.3) {
      const dip = addDays(day, 30 + Math.floor(next() * 300));
      add({ date: dip, title: "Fell below", type: "threshold-down" });
      day = addDays(dip, 10 + Math.floor(next() * 60));
    } else {
      day = addDays(day, 354 + Math.floor(next() * 10));
    }
  }
  return { milestones, adds, ms: performance.now() - start };
}

/**
 * An edit of a synced timeline (decision 045): the stored rows sent back with their ids, every
 * title changed, in two versions to send in turns (each sync then updates every row).
 */
export function timelineEdits(stored: readonly { id: string; date: string }[]) {
  return ["a", "b"].map((suffix) => ({
    milestones: stored.map((m, n) => ({
      id: m.id,
      date: m.date,
      title: `M${n}${suffix}`,
      type: "due",
    })),
    obligations: [],
  }));
}
