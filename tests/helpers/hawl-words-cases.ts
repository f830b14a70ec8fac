import {
  plainMilestone,
  type Milestone,
  type Reminder,
  type ReminderMilestone,
} from "../../src/domain/hawl/index.ts";

// The inputs of the words test (tests/unit/hawl-words.test.ts and the web's titles test): every
// kind of milestone title, calendar feed event and reminder e-mail, to be rendered in en, fr
// and nl. Their expected texts are tests/unit/hawl-words.golden.json, written from the output
// of the domain's word tables before the words moved to locales/ (issue 16): the same words.

export const base: Milestone = plainMilestone({
  id: "m1",
  date: "2026-03-02",
  title: "Pay zakat",
  type: "due",
});

const m = (overrides: Partial<Milestone>): Milestone => ({ ...base, ...overrides });

/** Every title a milestone can have, generated or typed, cancelled or not. */
export const titleCases: Record<string, Milestone> = {
  typed: m({}),
  typedCancelled: m({ title: "Pay zakat (Cancelled)" }),
  nisabReached: m({ type: "threshold", title: "Nisab reached", titleCode: "nisab-reached" }),
  nisabBelow: m({ type: "threshold-down", title: "Fell below nisab", titleCode: "nisab-below" }),
  quarterly25: m({ title: "x", titleCode: "review-quarterly", titleParams: { percent: 25 } }),
  quarterly50: m({ title: "x", titleCode: "review-quarterly", titleParams: { percent: 50 } }),
  quarterly75: m({ title: "x", titleCode: "review-quarterly", titleParams: { percent: 75 } }),
  quarterly100: m({ title: "x", titleCode: "review-quarterly", titleParams: { percent: 100 } }),
  quarterlyUnknownPercent: m({
    title: "Bilan (Cancelled)",
    titleCode: "review-quarterly",
    titleParams: { percent: 30 },
  }),
  quarterlyNoParams: m({ title: "Typed", titleCode: "review-quarterly", titleParams: null }),
  monthly1: m({ title: "x", titleCode: "review-monthly", titleParams: { month: 1 } }),
  monthly11: m({ title: "x", titleCode: "review-monthly", titleParams: { month: 11 } }),
  monthlyCancelled: m({
    title: "Monthly Zakat Review (Cancelled)",
    titleCode: "review-monthly",
    titleParams: { month: 4 },
  }),
};

/** The review schedules of the settings dialog's preview. */
export const planCases = {
  quarterly: { quarterly: true, monthly: false },
  monthly: { quarterly: false, monthly: true },
  both: { quarterly: true, monthly: true },
  none: { quarterly: false, monthly: false },
} as const;

/** Every kind of calendar feed event. */
export const feedCases: Record<string, Milestone> = {
  due: m({}),
  dueDone: m({ completed: true }),
  dueCancelled: m({ title: "Pay zakat (Cancelled)" }),
  review: m({ title: "x", titleCode: "review-quarterly", titleParams: { percent: 50 } }),
  reviewCancelled: m({
    title: "50% Zakat Review (Cancelled)",
    titleCode: "review-quarterly",
    titleParams: { percent: 50 },
  }),
  monthlyDone: m({
    date: "2026-12-31",
    completed: true,
    title: "x",
    titleCode: "review-monthly",
    titleParams: { month: 2 },
  }),
  threshold: m({
    type: "threshold",
    title: "Nisab reached",
    titleCode: "nisab-reached",
    code: "ZT1",
    endDate: "2027-02-19",
  }),
  thresholdNoEnd: m({ type: "threshold", title: "Nisab reached", titleCode: "nisab-reached" }),
  thresholdDown: m({ type: "threshold-down", title: "Fell below nisab", titleCode: "nisab-below" }),
  payment: m({ type: "payment", title: "Paid the mosque", completed: true }),
  paymentTyped: m({ type: "payment", title: "Sadaqa <b>&</b>" }),
};

const reminder = (
  kind: Reminder["kind"],
  date: string,
  daysLeft: number,
  milestone: ReminderMilestone | null,
): Reminder => ({ kind, key: `${kind}:${date}`, date, daysLeft, milestone });

/** Every kind of reminder e-mail: one reminder of each kind, and several in one. */
export const reminderCases: Record<string, Reminder[]> = {
  dueToday: [reminder("due-today", "2026-03-02", 0, titleCases.typed!)],
  dueSoon: [reminder("due-soon", "2026-03-09", 7, titleCases.typed!)],
  zakatDueToday: [reminder("zakat-due-today", "2027-02-19", 0, null)],
  zakatDueSoon: [reminder("zakat-due-soon", "2027-02-26", 7, null)],
  reviewQuarterly: [reminder("review", "2026-06-01", 0, titleCases.quarterly75!)],
  reviewMonthly: [reminder("review", "2026-04-01", 0, titleCases.monthly1!)],
  many: [
    reminder("zakat-due-soon", "2027-02-26", 7, null),
    reminder("review", "2026-06-01", 0, titleCases.quarterly25!),
    reminder("due-today", "2026-06-01", 0, titleCases.nisabBelow!),
  ],
};

export const mailInput = {
  to: "amina@example.test",
  name: "Amina",
  workspace: "Family",
  trackerUrl: "https://hawl.example/tracker",
  settingsUrl: "https://hawl.example/profile",
  unsubscribeUrl: "https://hawl.example/unsubscribe?t=abc",
  site: "hawl.example",
};
