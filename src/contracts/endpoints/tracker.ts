import {
  createMilestoneRequestSchema,
  restoreMilestonesRequestSchema,
  createObligationRequestSchema,
  milestoneChangeSchema,
  milestoneListSchema,
  obligationListSchema,
  obligationSchema,
  recordPaymentRequestSchema,
  syncBodyLimitBytes,
  syncZakatRequestSchema,
  trackerSettingsSchema,
  updateTrackerSettingsRequestSchema,
  zakatDataSchema,
} from "../zakat.ts";
import { endpoint } from "./types.ts";

// The nisab tracker: zakat state, settings, milestones, records and payments.
export const getZakatData = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/zakat",
  summary:
    "ZakatData (spec §3): milestones by date, records newest first with what was paid, the " +
    "derived thresholdStatus, nissabDate, nextZakatDate and zakatYearStart (spec §4, under " +
    "the workspace's hawl rule), totalDue and totalPaid from the ledger, and the settings",
  tag: "tracker",
  auth: "session",
  responses: { 200: { description: "The tracker's data", schema: zakatDataSchema } },
  errors: [404],
});

export const syncZakatData = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/zakat",
  summary:
    "Replace the milestones and records with the ones sent, matched by id (gone ids deleted, " +
    "known ids updated, new or absent ids inserted), in one transaction. A failing step " +
    "answers 409 MILESTONE_SYNC_FAILED / OBLIGATION_SYNC_FAILED 'Milestone sync failed at " +
    "operation N' and nothing is changed; records without a nissab date on the timeline and " +
    "no zakat state yet answer 409 NISSAB_DATE_REQUIRED",
  tag: "tracker",
  auth: "session",
  body: syncZakatRequestSchema,
  bodyLimitBytes: syncBodyLimitBytes,
  responses: { 200: { description: "The data after the sync", schema: zakatDataSchema } },
  errors: [404, 409],
});

export const updateTrackerSettings = endpoint({
  method: "patch",
  path: "/api/workspaces/{ws}/zakat/settings",
  summary:
    "The tracker's settings: hawlRule (majority: a dip below nisab ends the year; hanafi: " +
    "only the start and the end count), yearBasis (hijri: 354 days, gregorian: 365) and the " +
    "currency of amounts. Stored in the zakat state: 409 NISSAB_DATE_REQUIRED before a nissab " +
    "date exists",
  tag: "tracker",
  auth: "session",
  body: updateTrackerSettingsRequestSchema,
  responses: { 200: { description: "The settings now", schema: trackerSettingsSchema } },
  errors: [404, 409],
});

export const listMilestones = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/milestones",
  summary: "The timeline, by date ascending",
  tag: "tracker",
  auth: "session",
  responses: { 200: { description: "Milestones", schema: milestoneListSchema } },
  errors: [404],
});

export const addMilestone = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/milestones",
  summary:
    "Add a milestone (spec §4, §5). A threshold gets a code (ZT + base-36 time), an end date " +
    "one Umm al-Qura year later and, with `reminders`, its review milestones (titles in " +
    "`language`). A threshold-down appends ' (Cancelled)' to the later due milestones of its " +
    "threshold. `today` is the person's day (within ±1 day of the server's UTC date): a " +
    "threshold or threshold-down after it is 409 FUTURE_THRESHOLD_DATE. `titleCode` marks " +
    "the card's generated title, shown in each reader's language. " +
    "Rule violations: 409 DUPLICATE_THRESHOLD_DATE, THRESHOLD_REQUIRED, " +
    "DUPLICATE_THRESHOLD_DOWN with the spec's messages, THRESHOLD_ALREADY_REACHED (a second " +
    "threshold while above nisab within the year) and BELOW_BEFORE_THRESHOLD, whose " +
    "`fields.ruleDate` is the day they name; nothing is stored",
  tag: "tracker",
  auth: "session",
  body: createMilestoneRequestSchema,
  responses: {
    201: { description: "The timeline after the change", schema: milestoneChangeSchema },
  },
  errors: [404, 409],
});

export const removeMilestone = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/milestones/{id}",
  summary: "Remove a milestone; a threshold also removes its children (same transaction)",
  tag: "tracker",
  auth: "session",
  responses: {
    200: { description: "The timeline after the change", schema: milestoneChangeSchema },
  },
  errors: [404],
});

export const restoreMilestones = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/milestones/restore",
  summary:
    "Undo a removal: the removed milestones go back with their ids, codes and titles, in one " +
    "transaction (ids already there are skipped). The rules still hold or 409 with the rule's " +
    "code and nothing is restored; a restored threshold-down cancels its threshold's later " +
    "reviews again (majority rule)",
  tag: "tracker",
  auth: "session",
  body: restoreMilestonesRequestSchema,
  responses: {
    200: { description: "The timeline after the change", schema: milestoneChangeSchema },
  },
  errors: [404, 409],
});

export const listObligations = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/obligations",
  summary: "Records, newest first, each with the sum of its payments (paidAmount)",
  tag: "tracker",
  auth: "session",
  responses: { 200: { description: "Records", schema: obligationListSchema } },
  errors: [404],
});

export const addObligation = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/obligations",
  summary:
    "Add a record {amount > 0, category, dueDate, priority = medium}. The first one creates " +
    "the zakat state, which needs a nissab date (409 NISSAB_DATE_REQUIRED)",
  tag: "tracker",
  auth: "session",
  body: createObligationRequestSchema,
  responses: { 201: { description: "The record", schema: obligationSchema } },
  errors: [404, 409],
});

export const recordPayment = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/obligations/{id}/payments",
  summary:
    "Record a payment on a record, in part or in full; more than what is left is 400 " +
    "(fields.amount = exceeds_remaining)",
  tag: "tracker",
  auth: "session",
  body: recordPaymentRequestSchema,
  responses: {
    201: { description: "The record with its new paidAmount", schema: obligationSchema },
  },
  errors: [404],
});

export const removeObligation = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/obligations/{id}",
  summary: "Delete a record and its payments",
  tag: "tracker",
  auth: "session",
  responses: { 204: { description: "Deleted" } },
  errors: [404],
});

export const trackerEndpoints = [
  getZakatData,
  syncZakatData,
  updateTrackerSettings,
  listMilestones,
  addMilestone,
  removeMilestone,
  restoreMilestones,
  listObligations,
  addObligation,
  recordPayment,
  removeObligation,
];
