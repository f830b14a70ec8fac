import { formatDay } from "../dates/index.ts";
import { assertCalendarDay } from "./calendar-day.ts";
import { addHijriYear } from "./hijri.ts";
import {
  cancelledSuffix,
  isCancelled,
  milestoneTypes,
  plainMilestone,
  type HawlRule,
  type Milestone,
  type MilestoneTitleCode,
  type MilestoneType,
} from "./milestone.ts";
import { generateReviews, type ReviewTitles } from "./reviews.ts";
import { firstThreshold, thresholdAlreadyReached, thresholdBefore } from "./nisab-sequence.ts";
import { sortMilestones } from "./timeline.ts";
import { nisabEventTitleCode } from "./titles.ts";

// Adding and removing milestones: the validations of spec §5 and the transitions of spec §4.
//
// Validations, checked in this order, the same under both hawl rules (a timeline that begins
// below nisab, two thresholds on one day or two dips of one threshold make no sense under
// either rule). Codes are stable; messages are the spec's English text where it gives one:
// - threshold and threshold-down: not after today, the caller's calendar day in the person's time
//   zone (PRODUCT.md: nobody knows yet that their wealth will cross the nisab) →
//   FUTURE_THRESHOLD_DATE. Due and payment milestones may be in the future.
// - threshold: no other threshold on the same calendar day → DUPLICATE_THRESHOLD_DATE.
// - threshold: not while wealth is already above nisab, which would restart a running year
//   (decision 052) → THRESHOLD_ALREADY_REACHED: the nisab event before it is not a threshold
//   whose year is still running, nor the one after it a threshold within the new one's year. A
//   threshold on or after the running year's end starts the next year.
// - threshold-down: needs a threshold on an earlier day ("earlier": the same day does not count)
//   → THRESHOLD_REQUIRED when there is no threshold at all, BELOW_BEFORE_THRESHOLD (naming the
//   first threshold's day) when there is one. It belongs to the latest such threshold (its code,
//   as code and parentCode). Only one per threshold and per day → DUPLICATE_THRESHOLD_DOWN when that threshold
//   already has one, when another threshold-down is on the same day, or when one already lies
//   between that threshold and this day (the status is already below there).
// - due and payment: no rule. The spec's dialog offers due, threshold and payment; the threshold
//   card offers threshold-down.
//
// Transitions:
// - A threshold gets a code (thresholdCode), its endDate (one Umm al-Qura year later) and, when
//   asked, its review milestones (reviews.ts). Reminder flags are kept on thresholds only;
//   every other milestone is added with both off (spec §5).
// - A threshold-down, under the majority rule, appends " (Cancelled)" to every due milestone of
//   its threshold dated after it (spec §4): the year they belong to has ended. Under the Hanafi
//   rule a dip does not end the year, so nothing is cancelled.
// - Removing a threshold removes the milestones whose parentCode is its code (spec §4): its
//   reviews and its threshold-down. Removing a threshold-down gives its threshold's later due
//   milestones their titles back: the reason they were cancelled is gone.

export type MilestoneRuleCode =
  | "FUTURE_THRESHOLD_DATE"
  | "DUPLICATE_THRESHOLD_DATE"
  | "THRESHOLD_REQUIRED"
  | "DUPLICATE_THRESHOLD_DOWN"
  | "THRESHOLD_ALREADY_REACHED"
  | "BELOW_BEFORE_THRESHOLD"
  | "NISSAB_DATE_REQUIRED";

/** The spec's English texts (§5; notifications.*). The spec has none for a duplicate dip. */
export const milestoneRuleMessages: Readonly<Record<MilestoneRuleCode, string>> = {
  FUTURE_THRESHOLD_DATE:
    "A threshold or threshold-down cannot be dated after today: record it once it has happened.",
  DUPLICATE_THRESHOLD_DATE:
    "Cannot add a threshold milestone on the same date as another threshold milestone.",
  THRESHOLD_REQUIRED:
    "Cannot start with a below threshold milestone. Please add a threshold milestone first.",
  DUPLICATE_THRESHOLD_DOWN: "This threshold already has a below-threshold milestone.",
  THRESHOLD_ALREADY_REACHED:
    "The threshold was already exceeded on {{date}} with no 'Fell below threshold' in between: a zakat year cannot restart while wealth stays above nisab. Add the 'Fell below threshold' first.",
  BELOW_BEFORE_THRESHOLD:
    "A 'Fell below threshold' must come after the threshold was exceeded ({{date}}).",
  NISSAB_DATE_REQUIRED:
    "Nissab date is required to create a zakat state. Please set a nissab date first.",
};

export interface RuleViolation {
  ok: false;
  code: MilestoneRuleCode;
  message: string;
  /** the day the message names ("YYYY-MM-DD"), for the codes whose text has {{date}} */
  date?: string;
  /** the milestone the new one clashes with, when there is one */
  relatedId?: string;
}

function violation(code: MilestoneRuleCode, related?: Milestone): RuleViolation {
  const message = milestoneRuleMessages[code];
  if (!related) return { ok: false, code, message };
  return {
    ok: false,
    code,
    // the English message in the one date style (decision 055); the web words its own from `date`
    message: message.replace("{{date}}", formatDay(related.date, "en")),
    date: related.date,
    relatedId: related.id,
  };
}

export interface NewMilestone {
  date: string;
  title: string;
  type: MilestoneType;
  quarterlyReminder?: boolean;
  monthlyReminder?: boolean;
  /**
   * The title is the generated one of its type ("nisab-reached" for a threshold, "nisab-below"
   * for a threshold-down): rendered in each reader's language. Ignored on other types.
   */
  titleCode?: MilestoneTitleCode | null;
}

export type AddResult =
  | {
      ok: true;
      milestones: Milestone[];
      /** the new milestone first, then its generated reviews in date order */
      added: Milestone[];
      /** due milestones as they are now, with " (Cancelled)" appended */
      retitled: Milestone[];
    }
  | RuleViolation;

export interface AddContext {
  /** the clock, for the threshold code */
  now: Date;
  newId: () => string;
  /** the titles stored with generated reviews, in the adder's language (reviews.ts) */
  reviewTitles: ReviewTitles;
  /** whether a threshold-down cancels later reviews; the spec's majority rule by default */
  rule?: HawlRule;
  /** the person's calendar day: no threshold or threshold-down after it (unchecked when absent) */
  today?: string;
}

/** Spec §9: "ZT" and the timestamp in upper-case base 36 ("ZT" + "M0ABCDEF"). */
export function thresholdCode(now: Date): string {
  return codeAt(now.getTime());
}

function codeAt(ms: number): string {
  return `ZT${ms.toString(36).toUpperCase()}`;
}

/**
 * The first code from `now` on that is not in use: two thresholds added within the same
 * millisecond (a batch, a replayed sync) take the next free millisecond instead of sharing a code.
 */
function freshThresholdCode(existing: readonly Milestone[], now: Date): string {
  const used = new Set<string>();
  for (const m of existing) {
    if (m.code !== null) used.add(m.code);
    if (m.parentCode !== null) used.add(m.parentCode);
  }
  let ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("thresholdCode: invalid clock");
  while (used.has(codeAt(ms))) ms++;
  return codeAt(ms);
}

/** The spec §5 checks for adding `input` to `existing`, without changing anything. */
export function checkMilestone(
  existing: readonly Milestone[],
  input: Pick<NewMilestone, "date" | "type">,
  today?: string,
): RuleViolation | null {
  assertCalendarDay(input.date);
  if (!milestoneTypes.includes(input.type)) {
    throw new RangeError(`not a milestone type: ${String(input.type)}`);
  }
  if (today !== undefined) {
    assertCalendarDay(today);
    if ((input.type === "threshold" || input.type === "threshold-down") && input.date > today) {
      return violation("FUTURE_THRESHOLD_DATE");
    }
  }
  if (input.type === "threshold") {
    const clash = existing.some((m) => m.type === "threshold" && m.date === input.date);
    if (clash) return violation("DUPLICATE_THRESHOLD_DATE");
    const above = thresholdAlreadyReached(existing, input.date);
    return above ? violation("THRESHOLD_ALREADY_REACHED", above) : null;
  }
  if (input.type === "threshold-down") {
    const parent = thresholdBefore(existing, input.date);
    if (parent === null) {
      const first = firstThreshold(existing);
      return first ? violation("BELOW_BEFORE_THRESHOLD", first) : violation("THRESHOLD_REQUIRED");
    }
    const duplicate = existing.some(
      (m) =>
        m.type === "threshold-down" &&
        ((parent.code !== null && m.code === parent.code) ||
          (m.date > parent.date && m.date <= input.date)),
    );
    return duplicate ? violation("DUPLICATE_THRESHOLD_DOWN") : null;
  }
  return null;
}

/** Adds a milestone (spec §4, §5). `milestones` comes back in sortMilestones order. */
export function addMilestone(
  existing: readonly Milestone[],
  input: NewMilestone,
  ctx: AddContext,
): AddResult {
  const problem = checkMilestone(existing, input, ctx.today);
  if (problem) return problem;
  const titleCode = nisabEventTitleCode(input.type);
  const base = plainMilestone({
    id: ctx.newId(),
    date: input.date,
    title: input.title,
    type: input.type,
    titleCode: titleCode !== null && input.titleCode === titleCode ? titleCode : null,
  });

  if (input.type === "threshold") {
    const threshold: Milestone = {
      ...base,
      code: freshThresholdCode(existing, ctx.now),
      endDate: addHijriYear(input.date),
      quarterlyReminder: input.quarterlyReminder ?? false,
      monthlyReminder: input.monthlyReminder ?? false,
    };
    const reviews = generateReviews(threshold, ctx.newId, ctx.reviewTitles);
    const added = [threshold, ...reviews];
    return { ok: true, milestones: sortMilestones([...existing, ...added]), added, retitled: [] };
  }

  if (input.type === "threshold-down") {
    const code = thresholdBefore(existing, input.date)!.code;
    const down: Milestone = { ...base, code, parentCode: code };
    const retitled: Milestone[] = [];
    const next = existing.map((m) => {
      if ((ctx.rule ?? "majority") !== "majority") return m;
      if (!belongsTo(m, code) || m.type !== "due" || m.date <= input.date || isCancelled(m)) {
        return m;
      }
      const cancelled = { ...m, title: m.title + cancelledSuffix };
      retitled.push(cancelled);
      return cancelled;
    });
    return { ok: true, milestones: sortMilestones([...next, down]), added: [down], retitled };
  }

  return { ok: true, milestones: sortMilestones([...existing, base]), added: [base], retitled: [] };
}

function belongsTo(m: Milestone, code: string | null): boolean {
  return code !== null && (m.code === code || m.parentCode === code);
}

export interface RemoveResult {
  /** what is left, in the input's order */
  milestones: Milestone[];
  /** ids removed: the milestone, and a threshold's children */
  removed: string[];
  /** due milestones whose " (Cancelled)" was taken off (removing a threshold-down) */
  retitled: Milestone[];
}

/** Removes a milestone (spec §4); an unknown id removes nothing. */
export function removeMilestone(existing: readonly Milestone[], id: string): RemoveResult {
  const target = existing.find((m) => m.id === id);
  if (!target) return { milestones: existing.slice(), removed: [], retitled: [] };

  const gone = new Set([id]);
  if (target.type === "threshold" && target.code !== null) {
    for (const m of existing) if (m.parentCode === target.code) gone.add(m.id);
  }
  const retitled: Milestone[] = [];
  const milestones: Milestone[] = [];
  for (const m of existing) {
    if (gone.has(m.id)) continue;
    if (
      target.type === "threshold-down" &&
      m.type === "due" &&
      belongsTo(m, target.code) &&
      m.date > target.date &&
      isCancelled(m)
    ) {
      const restored = { ...m, title: m.title.slice(0, -cancelledSuffix.length) };
      retitled.push(restored);
      milestones.push(restored);
    } else {
      milestones.push(m);
    }
  }
  return { milestones, removed: [...gone], retitled };
}

/**
 * Undoing a removal: `restored` (the rows removeMilestone took out, as they were) go back with
 * their ids, codes and titles. Rows whose id is already there are skipped, so a repeated undo
 * adds nothing. The whole timeline must still pass the spec §5 checks (another member may have
 * added a threshold on that day meanwhile): the first violation is returned and nothing changes.
 * A restored threshold-down, under the majority rule, cancels its threshold's later reviews
 * again, as adding it did.
 */
export function restoreMilestones(
  existing: readonly Milestone[],
  restored: readonly Milestone[],
  ctx: { rule?: HawlRule } = {},
): AddResult {
  const known = new Set(existing.map((m) => m.id));
  const fresh: Milestone[] = [];
  for (const m of restored) {
    if (known.has(m.id)) continue;
    known.add(m.id);
    fresh.push(m);
  }
  const before: Milestone[] = [];
  const back = new Set(fresh.map((m) => m.id));
  for (const m of sortMilestones([...existing, ...fresh])) {
    const problem = checkMilestone(before, m);
    // two thresholds in one year, both already there, were accepted before decision 052
    const legacy =
      problem?.code === "THRESHOLD_ALREADY_REACHED" &&
      !back.has(m.id) &&
      !back.has(problem.relatedId ?? "");
    if (problem && !legacy) return problem;
    before.push(m);
  }
  const downs =
    (ctx.rule ?? "majority") === "majority"
      ? fresh.filter((m) => m.type === "threshold-down" && m.code !== null)
      : [];
  const cancel = (m: Milestone): Milestone => {
    const cancelled = downs.some(
      (d) => m.type === "due" && belongsTo(m, d.code) && m.date > d.date && !isCancelled(m),
    );
    return cancelled ? { ...m, title: m.title + cancelledSuffix } : m;
  };
  const retitled: Milestone[] = [];
  const next = existing.map((m) => {
    const after = cancel(m);
    if (after !== m) retitled.push(after);
    return after;
  });
  const added = sortMilestones(fresh.map(cancel));
  return { ok: true, milestones: sortMilestones([...next, ...added]), added, retitled };
}

/**
 * Spec §5: creating a workspace's zakat state the first time needs a nissab date (the date its
 * wealth reached nisab); NISSAB_DATE_REQUIRED otherwise.
 */
export function requireNissabDate(state: {
  nissabDate: string | null;
}): { ok: true } | RuleViolation {
  return state.nissabDate ? { ok: true } : violation("NISSAB_DATE_REQUIRED");
}
