import { addHijriYear } from "./hijri.ts";
import type { HawlRule, Milestone, MilestoneType } from "./milestone.ts";
import type { ReviewTitles } from "./reviews.ts";
import { addMilestone, removeMilestone, type AddResult, type RemoveResult } from "./rules.ts";
import { isSorted } from "./timeline.ts";

// Test helpers shared by the tables, the properties and the bench: a one-line notation for
// operations and for timelines, and the invariants every timeline built by the rules keeps.
//
//   "+T 2024-03-11 Reached nisab"   add a threshold (letters: T threshold, D threshold-down,
//   "+Tqm 2024-03-11 Reached nisab"  d due, p payment; q / m: quarterly / monthly reviews)
//   "- Reached nisab"               remove the first milestone with that title
//
// A timeline line is "date letter title", and "→ endDate" for a threshold.

/** The titles an English-speaking adder's reviews are stored with (the server's come from locales/). */
export const testReviewTitles: ReviewTitles = {
  quarterly: ["25% Zakat Review", "50% Zakat Review", "75% Zakat Review", "100% Zakat Review"],
  monthly: "Monthly Zakat Review",
};

const letters: Record<string, MilestoneType> = {
  T: "threshold",
  D: "threshold-down",
  d: "due",
  p: "payment",
};
const letterOf = Object.fromEntries(Object.entries(letters).map(([k, v]) => [v, k])) as Record<
  MilestoneType,
  string
>;

export function line(m: Milestone): string {
  const end = m.type === "threshold" ? ` → ${m.endDate}` : "";
  return `${m.date} ${letterOf[m.type]} ${m.title}${end}`;
}

export interface Session {
  milestones: Milestone[];
  rule: HawlRule;
  /** the clock: one second later at every operation */
  clock: number;
  ids: number;
}

export function session(rule: HawlRule, clock = Date.UTC(2024, 0, 1)): Session {
  return { milestones: [], rule, clock, ids: 0 };
}

export function apply(s: Session, op: string): AddResult | RemoveResult {
  s.clock += 1000;
  if (op.startsWith("- ")) {
    const target = s.milestones.find((m) => m.title === op.slice(2));
    const result = removeMilestone(s.milestones, target?.id ?? "none");
    s.milestones = result.milestones;
    return result;
  }
  const match = /^\+([TDdp])(q?)(m?) (\d{4}-\d{2}-\d{2}) (.+)$/.exec(op);
  if (!match) throw new Error(`bad op: ${op}`);
  const [, letter, q, mo, date, title] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const result = addMilestone(
    s.milestones,
    {
      date,
      title,
      type: letters[letter]!,
      quarterlyReminder: q === "q",
      monthlyReminder: mo === "m",
    },
    {
      now: new Date(s.clock),
      newId: () => `m${++s.ids}`,
      rule: s.rule,
      reviewTitles: testReviewTitles,
    },
  );
  if (result.ok) s.milestones = result.milestones;
  return result;
}

/** Builds a timeline from operations that must all succeed. */
export function build(ops: readonly string[], rule: HawlRule): Milestone[] {
  const s = session(rule);
  for (const op of ops) {
    const result = apply(s, op);
    if ("ok" in result && !result.ok) throw new Error(`${op}: ${result.code}`);
  }
  return s.milestones;
}

/** What must hold for every timeline the rules build; the list of what does not. */
export function invariantProblems(ms: readonly Milestone[], rule: HawlRule): string[] {
  const problems: string[] = [];
  if (!isSorted(ms)) problems.push("not sorted");
  for (let i = 1; i < ms.length; i++) {
    if (ms[i - 1]!.date > ms[i]!.date) problems.push(`dates out of order at ${i}`);
  }
  const ids = new Set(ms.map((m) => m.id));
  if (ids.size !== ms.length) problems.push("duplicate ids");
  const thresholds = ms.filter((m) => m.type === "threshold");
  const byCode = new Map(thresholds.map((t) => [t.code, t]));
  if (new Set(thresholds.map((t) => t.date)).size !== thresholds.length) {
    problems.push("two thresholds on one day");
  }
  if (byCode.size !== thresholds.length) problems.push("two thresholds share a code");
  const downs = ms.filter((m) => m.type === "threshold-down");
  if (new Set(downs.map((d) => d.code)).size !== downs.length) {
    problems.push("two threshold-downs share a threshold code");
  }
  if (new Set(downs.map((d) => d.date)).size !== downs.length) {
    problems.push("two threshold-downs on one day");
  }
  for (const t of thresholds) {
    if (!t.code || !/^ZT[0-9A-Z]+$/.test(t.code)) problems.push(`bad code ${t.code}`);
    if (t.endDate !== addHijriYear(t.date)) problems.push(`bad endDate on ${t.date}`);
  }
  for (const m of ms) {
    if (m.parentCode === null) continue;
    const parent = byCode.get(m.parentCode);
    if (!parent) problems.push(`orphan ${line(m)}`);
    else if (m.type === "threshold-down" && !(parent.date < m.date)) {
      problems.push(`threshold-down ${m.date} not after its threshold ${parent.date}`);
    }
  }
  // a review is cancelled exactly when (majority) its threshold's dip lies before it
  for (const m of ms) {
    if (m.type !== "due" || m.parentCode === null) continue;
    const dip = downs.find((d) => d.code === m.parentCode);
    const expected = rule === "majority" && dip !== undefined && dip.date < m.date;
    if (m.title.endsWith(" (Cancelled)") !== expected) {
      problems.push(`cancellation wrong on ${line(m)}`);
    }
  }
  return problems;
}
