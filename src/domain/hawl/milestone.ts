import type { HawlRule } from "../zakat/methodology.ts";

// The milestone of spec §3 and the vocabulary of the hawl rules (spec §4, PRODUCT.md).
//
// Codes tie a threshold to what belongs to it. A threshold's `code` is its own ("ZT…", see
// rules.ts); its generated reviews and its threshold-down carry that same `code` and have it as
// `parentCode`, so "due milestones sharing the threshold-down's code" (spec §4) are exactly that
// threshold's reviews, and deleting the threshold takes them and its threshold-down with it.
// Milestones added by hand as due or payment have neither (null, null): they belong to no
// threshold and are never cancelled or cascaded.

export const milestoneTypes = ["due", "threshold", "payment", "threshold-down"] as const;
export type MilestoneType = (typeof milestoneTypes)[number];

export interface Milestone {
  id: string;
  /** the calendar day, "YYYY-MM-DD" */
  date: string;
  title: string;
  type: MilestoneType;
  completed: boolean;
  code: string | null;
  parentCode: string | null;
  /** a threshold's due date: one Umm al-Qura year after `date` (addHijriYear); null otherwise */
  endDate: string | null;
  quarterlyReminder: boolean;
  monthlyReminder: boolean;
  /**
   * What a generated milestone is (titles.ts): its title is rendered in the reader's language
   * from this code and its parameters; `title` keeps the creator's text (and " (Cancelled)").
   * null (or absent) for a title typed by a person, shown as typed.
   */
  titleCode?: MilestoneTitleCode | null;
  titleParams?: MilestoneTitleParams | null;
}

/** Generated titles: a threshold's and a threshold-down's own, and the reviews (spec §9). */
/**
 * A milestone with nothing but what a person gives it: not completed, no code or parent, no end
 * date, no reminders, its title shown as typed. The one source of those defaults (addMilestone,
 * the generated reviews and test fixtures start from it).
 */
export function plainMilestone(
  fields: Pick<Milestone, "id" | "date" | "title" | "type"> & Partial<Milestone>,
): Required<Milestone> {
  return {
    completed: false,
    code: null,
    parentCode: null,
    endDate: null,
    quarterlyReminder: false,
    monthlyReminder: false,
    titleCode: null,
    titleParams: null,
    ...fields,
  };
}

export const milestoneTitleCodes = [
  "nisab-reached",
  "nisab-below",
  "review-quarterly",
  "review-monthly",
] as const;
export type MilestoneTitleCode = (typeof milestoneTitleCodes)[number];

/** review-quarterly: { percent: 25 | 50 | 75 | 100 }; review-monthly: { month: 1–11 } */
export type MilestoneTitleParams = Readonly<Record<string, number>>;

export type ThresholdStatus = "unknown" | "above" | "below";

/** One hawl rule type for the calculator's methodology and the tracker. */
export type { HawlRule };
export { hawlRules } from "../zakat/methodology.ts";

/** Spec §4: appended to the title of a due milestone cancelled by a threshold-down. */
export const cancelledSuffix = " (Cancelled)";

export function isCancelled(m: Pick<Milestone, "title">): boolean {
  return m.title.endsWith(cancelledSuffix);
}

/** The events that move the nisab status; the others (due, payment) only sit on the timeline. */
export function isNisabEvent(m: Pick<Milestone, "type">): boolean {
  return m.type === "threshold" || m.type === "threshold-down";
}
