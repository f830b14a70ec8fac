import { z } from "zod";
import { currencyCodes } from "../domain/money/currency.ts";
import { milestoneTitleCodes, milestoneTypes, trackerYearBases } from "../domain/hawl/index.ts";
import { hawlRules } from "../domain/zakat/methodology.ts";
import { amountSchema } from "./calculate.ts";
import { isoTimestamp } from "./common.ts";
import { languages } from "../domain/language.ts";
import { obligationPriorities } from "../domain/hawl/payments.ts";

// The nisab tracker (API.md "zakat", "milestones", "obligations"; spec §3 ZakatData, Milestone,
// Obligation; §4, §5). Dates are calendar days `YYYY-MM-DD`; money is a decimal string.

export const thresholdStatusValues = ["unknown", "above", "below"] as const;
export const priorityValues = obligationPriorities;
export const reviewLanguageValues = languages;

/** Days the tracker handles: the Umm al-Qura tables and the calendar cover 1900–2199. */
export const firstTrackerDay = "1900-01-01";
export const lastTrackerDay = "2199-12-31";

const calendarDay = z.iso
  .date()
  .refine((day) => day >= firstTrackerDay && day <= lastTrackerDay, "out_of_range")
  .meta({ examples: ["2026-03-01"] });

const titleCode = z.enum(milestoneTitleCodes).meta({
  description:
    "What a generated milestone is: nisab-reached, nisab-below, review-quarterly {percent}, " +
    "review-monthly {month}; null for a title typed by a person, shown as typed",
});
/** Generated titles carry one or two numbers ({percent}, {month}): a few keys at most. */
export const maxTitleParams = 4;
const titleParams = z
  .record(z.string().max(20), z.number().int().min(0).max(1000))
  .refine((params) => Object.keys(params).length <= maxTitleParams, "too_many");

/**
 * The most rows one sync (POST …/zakat) may carry (issue 13); above it 400 VALIDATION_FAILED
 * with `milestones` or `obligations`: "too_many". A body over the route's limit
 * (syncBodyLimitBytes) is 413 PAYLOAD_TOO_LARGE before it is read.
 */
export const syncLimits = { milestones: 4_000, obligations: 1_000 } as const;

/**
 * The sync's body limit, above the server's (BODY_LIMIT_BYTES, 256 KiB by default), sized from
 * the largest body this contract allows (decision 045): every row with an id and every field at
 * its longest, as JSON.stringify writes it (a text of 3-byte characters), is ≈ 5.6 MiB
 * (1,357 bytes a milestone, 432 a record). An edit of a large timeline sends its ids: 4,000
 * milestones of the smallest form with ids are 379 KB, over the server's limit.
 * tests/integration/large-sync-ids.test.ts builds that body and sends it.
 */
export const syncBodyLimitBytes = 6 * 1024 * 1024;

/**
 * The caller's calendar day in the person's time zone: no threshold or threshold-down after it
 * (FUTURE_THRESHOLD_DATE). Accepted within one day of the server's UTC day, else the server's.
 */
const clientToday = calendarDay.optional().meta({
  description:
    "Today in the person's time zone (YYYY-MM-DD); used within ±1 day of the server's UTC date",
});

export const milestoneSchema = z.object({
  id: z.uuid(),
  date: calendarDay,
  title: z.string(),
  type: z.enum(milestoneTypes),
  completed: z.boolean(),
  code: z.string().nullable(),
  parentCode: z.string().nullable(),
  /** a threshold's end: one Umm al-Qura year later (PRODUCT.md) */
  endDate: calendarDay.nullable(),
  quarterlyReminder: z.boolean(),
  monthlyReminder: z.boolean(),
  /** a generated milestone's code and parameters: its title in the reader's language */
  titleCode: titleCode.nullable(),
  titleParams: titleParams.nullable(),
});
export type MilestoneDto = z.infer<typeof milestoneSchema>;

const title = z.string().trim().min(1, "required").max(200, "too_long");

/** POST …/milestones. Spec §5: date, title and type required; reminders off unless asked. */
export const createMilestoneRequestSchema = z.strictObject({
  date: calendarDay,
  title,
  type: z.enum(milestoneTypes).default("due"),
  reminders: z
    .strictObject({ quarterly: z.boolean().default(false), monthly: z.boolean().default(false) })
    .optional()
    .meta({ description: "A threshold's review schedule (spec: quarterly and monthly reviews)." }),
  /** the language of the generated review titles; English when absent */
  language: z.enum(reviewLanguageValues).optional(),
  /** the title is the generated one of a threshold (nisab-reached) or a threshold-down (nisab-below) */
  titleCode: z.enum(["nisab-reached", "nisab-below"]).optional(),
  today: clientToday,
});
export type CreateMilestoneRequest = z.infer<typeof createMilestoneRequestSchema>;

/** The derived state of a timeline (spec §4), recomputed after every add and removal. */
export const timelineStateSchema = z.object({
  thresholdStatus: z.enum(thresholdStatusValues),
  nissabDate: calendarDay.nullable(),
  nextZakatDate: calendarDay.nullable(),
  zakatYearStart: calendarDay.nullable(),
});

export const trackerSettingsSchema = z.object({
  hawlRule: z.enum(hawlRules),
  yearBasis: z.enum(trackerYearBases),
  currency: z.enum(currencyCodes),
});
export type TrackerSettings = z.infer<typeof trackerSettingsSchema>;

export const updateTrackerSettingsRequestSchema = trackerSettingsSchema.partial().strict();

export const milestoneListSchema = z.array(milestoneSchema);

/** A milestone write's answer: what changed and the timeline after it. */
export const milestoneChangeSchema = timelineStateSchema.extend({
  milestones: milestoneListSchema,
  /** ids added (the milestone and its generated reviews) or removed (with its children) */
  changed: z.array(z.uuid()),
});
export type MilestoneChange = z.infer<typeof milestoneChangeSchema>;

/** A positive amount (a record of 0 owes nothing). */
const positiveAmount = amountSchema.superRefine((text, ctx) => {
  if (/^0+(\.0+)?$/.test(text)) ctx.addIssue({ code: "custom", message: "must_be_positive" });
});

export const obligationSchema = z.object({
  id: z.uuid(),
  dueDate: calendarDay,
  amount: z.string(),
  category: z.string(),
  priority: z.enum(priorityValues),
  /** the sum of its payments */
  paidAmount: z.string(),
  createdAt: isoTimestamp,
});
export type ObligationDto = z.infer<typeof obligationSchema>;

/** POST …/obligations. Spec §5: amount, category and due date required; priority medium. */
export const createObligationRequestSchema = z.strictObject({
  amount: positiveAmount,
  category: z.string().trim().min(1, "required").max(100, "too_long"),
  dueDate: calendarDay,
  priority: z.enum(priorityValues).default("medium"),
});
export type CreateObligationRequest = z.infer<typeof createObligationRequestSchema>;

/** POST …/obligations/:id/payments: paid in part or in full, never more than what is left. */
export const recordPaymentRequestSchema = z.strictObject({
  amount: positiveAmount,
  paidOn: calendarDay.optional(),
});

export const obligationListSchema = z.array(obligationSchema);

/** GET …/zakat (spec §3 ZakatData), with the tracker's settings. */
export const zakatDataSchema = timelineStateSchema.extend({
  obligations: obligationListSchema,
  milestones: milestoneListSchema,
  totalDue: z.string(),
  totalPaid: z.string(),
  settings: trackerSettingsSchema,
});
export type ZakatData = z.infer<typeof zakatDataSchema>;

/**
 * POST …/zakat: the spec's storage-layer save. Rows are matched by id: an id already in the
 * workspace keeps its row (milestones and records are not edited through the sync), any other row
 * is inserted under an id the server draws (the answer carries it; an id of another workspace is
 * treated like an unknown one), a row whose id is gone is deleted. All in one transaction.
 */
export const syncZakatRequestSchema = z.strictObject({
  milestones: z
    .array(
      z.strictObject({
        id: z.uuid().optional(),
        date: calendarDay,
        title,
        type: z.enum(milestoneTypes).default("due"),
        completed: z.boolean().default(false),
        code: z.string().max(40).nullable().default(null),
        parentCode: z.string().max(40).nullable().default(null),
        endDate: calendarDay.nullable().default(null),
        quarterlyReminder: z.boolean().default(false),
        monthlyReminder: z.boolean().default(false),
        titleCode: titleCode.nullable().default(null),
        titleParams: titleParams.nullable().default(null),
      }),
    )
    .max(syncLimits.milestones, "too_many"),
  obligations: z
    .array(
      z.strictObject({
        id: z.uuid().optional(),
        amount: positiveAmount,
        category: z.string().trim().min(1, "required").max(100, "too_long"),
        dueDate: calendarDay,
        priority: z.enum(priorityValues).default("medium"),
      }),
    )
    .max(syncLimits.obligations, "too_many"),
  today: clientToday,
});
export type SyncZakatRequest = z.infer<typeof syncZakatRequestSchema>;

/**
 * POST …/milestones/restore: undoing a removal. The rows the removal took out, as they were
 * (ids, codes, titles); ids the workspace still holds are skipped, the others come back under
 * new ids drawn from the workspace and the id sent (the answer's `changed`). One transaction; the rules of spec §5
 * still hold or nothing is restored.
 */
/** A removal takes a milestone and its generated reviews: far fewer than this. */
export const maxRestoredMilestones = 100;

export const restoreMilestonesRequestSchema = z.strictObject({
  milestones: z
    .array(milestoneSchema.extend({ title }))
    .min(1)
    .max(maxRestoredMilestones, "too_many"),
});
export type RestoreMilestonesRequest = z.infer<typeof restoreMilestonesRequestSchema>;
