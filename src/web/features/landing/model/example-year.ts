import {
  addHijriMonths,
  addHijriYear,
  addDays,
  daysBetween,
  reviewPlan,
} from "#domain/hawl/index.ts";

// The landing page's example zakat year, dated by the tracker's own rules (issue 30): the first
// quarterly review and the due date follow from the threshold's day as they would in the app.

/** The example's "wealth reached the nisab" day. */
export const exampleThreshold = "2025-06-02";
/** How far into its zakat year the example is shown (day 241). */
const exampleElapsedDays = 240;

export interface ExampleYear {
  threshold: string;
  firstReview: string;
  due: string;
  /** the example's day of its zakat year, 1-based, and the year's length in days */
  day: number;
  length: number;
  percent: number;
}

export function exampleYear(): ExampleYear {
  const threshold = exampleThreshold;
  const due = addHijriYear(threshold);
  const [first] = reviewPlan({ quarterly: true, monthly: false });
  const length = daysBetween(threshold, due);
  const today = addDays(threshold, exampleElapsedDays);
  const day = daysBetween(threshold, today) + 1;
  return {
    threshold,
    firstReview: addHijriMonths(threshold, first!.months),
    due,
    day,
    length,
    percent: Math.round((day / length) * 100),
  };
}
