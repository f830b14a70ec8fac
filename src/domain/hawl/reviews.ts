import { addHijriMonths } from "./hijri.ts";
import {
  plainMilestone,
  type Milestone,
  type MilestoneTitleCode,
  type MilestoneTitleParams,
} from "./milestone.ts";
import { quarterPercents, type MilestoneTitleText } from "./titles.ts";

// Review milestones of a threshold (spec §9): with the quarterly reminder, 4 reviews at 3, 6, 9
// and 12 months titled "25% Zakat Review" … "100% Zakat Review"; with the monthly reminder,
// "Monthly Zakat Review" at months 1 to 11, skipping 3, 6 and 9 when the quarterly ones are on.
//
// Months are Umm al-Qura months after the threshold's date: the same Hijri day n months later,
// clamped to the month's last day when it has no such day (30 → 29). The year being a Hijri
// year, the 12-month review then falls exactly on the threshold's endDate.
//
// Each review is a due milestone with the threshold's code as code and parentCode: a
// threshold-down of that threshold cancels the ones after it, deleting the threshold deletes them.

/**
 * The titles stored with generated reviews, in the language of whoever added the threshold:
 * the caller's words (the server's from locales/<lang>/tracker.json `titles`). Screens, e-mails
 * and feeds render a review's title from its code instead (titles.ts).
 */
export interface ReviewTitles {
  /** at 3, 6, 9 and 12 months */
  quarterly: readonly [string, string, string, string];
  monthly: string;
}

export interface ReviewPlanEntry {
  /** months after the threshold */
  months: number;
  title: MilestoneTitleText & { code: "review-quarterly" | "review-monthly" };
}

/** What a review is (titles.ts): its title in any language comes from these. */
function reviewTitleCode(entry: ReviewPlanEntry): {
  titleCode: MilestoneTitleCode;
  titleParams: MilestoneTitleParams;
} {
  return entry.title.code === "review-quarterly"
    ? { titleCode: "review-quarterly", titleParams: { percent: entry.title.params.percent } }
    : { titleCode: "review-monthly", titleParams: { month: entry.months } };
}

function storedTitle(entry: ReviewPlanEntry, titles: ReviewTitles): string {
  return entry.title.code === "review-quarterly"
    ? titles.quarterly[quarterPercents.indexOf(entry.title.params.percent)]!
    : titles.monthly;
}

/** Which reviews a threshold gets, in month order (the schedule preview of the settings dialog). */
export function reviewPlan(reminders: { quarterly: boolean; monthly: boolean }): ReviewPlanEntry[] {
  const plan: ReviewPlanEntry[] = [];
  for (let months = 1; months <= 12; months++) {
    const quarter = months % 3 === 0;
    if (reminders.quarterly && quarter) {
      plan.push({
        months,
        title: { code: "review-quarterly", params: { percent: quarterPercents[months / 3 - 1]! } },
      });
    } else if (reminders.monthly && months <= 11) {
      plan.push({ months, title: { code: "review-monthly", params: {} } });
    }
  }
  return plan;
}

/** The review milestones of `threshold` (which must carry its code), dated and in date order. */
export function generateReviews(
  threshold: Pick<Milestone, "date" | "code" | "quarterlyReminder" | "monthlyReminder">,
  newId: () => string,
  titles: ReviewTitles,
): Milestone[] {
  const plan = reviewPlan({
    quarterly: threshold.quarterlyReminder,
    monthly: threshold.monthlyReminder,
  });
  return plan.map((entry) =>
    plainMilestone({
      ...reviewTitleCode(entry),
      id: newId(),
      date: addHijriMonths(threshold.date, entry.months),
      title: storedTitle(entry, titles),
      type: "due",
      code: threshold.code,
      parentCode: threshold.code,
    }),
  );
}
