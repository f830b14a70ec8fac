import { addHijriMonths, type HawlLanguage } from "./hijri.ts";
import type { Milestone, MilestoneTitleCode, MilestoneTitleParams } from "./milestone.ts";

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

export interface ReviewTitles {
  /** at 3, 6, 9 and 12 months */
  quarterly: readonly [string, string, string, string];
  monthly: string;
}

export const reviewTitles: Readonly<Record<HawlLanguage, ReviewTitles>> = {
  en: {
    quarterly: ["25% Zakat Review", "50% Zakat Review", "75% Zakat Review", "100% Zakat Review"],
    monthly: "Monthly Zakat Review",
  },
  fr: {
    quarterly: [
      "Bilan de zakat à 25 %",
      "Bilan de zakat à 50 %",
      "Bilan de zakat à 75 %",
      "Bilan de zakat à 100 %",
    ],
    monthly: "Bilan mensuel de zakat",
  },
  nl: {
    quarterly: [
      "Zakatcontrole 25%",
      "Zakatcontrole 50%",
      "Zakatcontrole 75%",
      "Zakatcontrole 100%",
    ],
    monthly: "Maandelijkse zakatcontrole",
  },
};

export interface ReviewPlanEntry {
  /** months after the threshold */
  months: number;
  title: string;
}

/** What a review is (titles.ts): its title in any language comes from these. */
function reviewTitleCode(
  months: number,
  quarterly: boolean,
): { titleCode: MilestoneTitleCode; titleParams: MilestoneTitleParams } {
  return quarterly
    ? { titleCode: "review-quarterly", titleParams: { percent: (months / 3) * 25 } }
    : { titleCode: "review-monthly", titleParams: { month: months } };
}

/** Which reviews a threshold gets, in month order (the schedule preview of the settings dialog). */
export function reviewPlan(
  reminders: { quarterly: boolean; monthly: boolean },
  titles: ReviewTitles = reviewTitles.en,
): ReviewPlanEntry[] {
  const plan: ReviewPlanEntry[] = [];
  for (let months = 1; months <= 12; months++) {
    const quarter = months % 3 === 0;
    if (reminders.quarterly && quarter) {
      plan.push({ months, title: titles.quarterly[months / 3 - 1]! });
    } else if (reminders.monthly && months <= 11) {
      plan.push({ months, title: titles.monthly });
    }
  }
  return plan;
}

/** The review milestones of `threshold` (which must carry its code), dated and in date order. */
export function generateReviews(
  threshold: Pick<Milestone, "date" | "code" | "quarterlyReminder" | "monthlyReminder">,
  newId: () => string,
  titles: ReviewTitles = reviewTitles.en,
): Milestone[] {
  const plan = reviewPlan(
    { quarterly: threshold.quarterlyReminder, monthly: threshold.monthlyReminder },
    titles,
  );
  return plan.map(({ months, title }) => ({
    ...reviewTitleCode(months, threshold.quarterlyReminder && months % 3 === 0),
    id: newId(),
    date: addHijriMonths(threshold.date, months),
    title,
    type: "due",
    completed: false,
    code: threshold.code,
    parentCode: threshold.code,
    endDate: null,
    quarterlyReminder: false,
    monthlyReminder: false,
  }));
}
