import { z } from "zod";
import { billingRedirectSchema, checkoutRequestSchema } from "../billing.ts";
import {
  accountExportSchema,
  deleteAccountRequestSchema,
  exportCsvQuerySchema,
  meResponseSchema,
  planUsageResponseSchema,
  updateMeRequestSchema,
} from "../me.ts";
import {
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  updateNotificationSettingsRequestSchema,
} from "../notifications.ts";
import {
  createWorkspaceRequestSchema,
  workspaceListSchema,
  workspaceSchema,
} from "../workspaces.ts";
import { endpoint } from "./types.ts";

// The signed-in account: me, plan, billing, notification settings, unsubscribe, export, deletion, and the workspace list.
export const getMe = endpoint({
  method: "get",
  path: "/api/me",
  summary: "The signed-in user, profile and plan",
  tag: "account",
  auth: "session",
  responses: { 200: { description: "Me", schema: meResponseSchema } },
});

export const getPlanUsage = endpoint({
  method: "get",
  path: "/api/me/plan",
  summary:
    "My plan and usage against each limit (limit null: unlimited; invitations: the fullest " +
    "owned workspace, people beside one owner plus pending invitations)",
  tag: "account",
  auth: "session",
  responses: { 200: { description: "Plan and usage", schema: planUsageResponseSchema } },
});

export const startCheckout = endpoint({
  method: "post",
  path: "/api/billing/checkout",
  summary:
    "Buy a plan: a Stripe Checkout page for the plan and interval (an account that already " +
    "pays gets its customer portal, where plans change); 404 without online payment",
  tag: "account",
  auth: "session",
  body: checkoutRequestSchema,
  responses: { 200: { description: "Where to send the browser", schema: billingRedirectSchema } },
  errors: [404],
});

export const openBillingPortal = endpoint({
  method: "post",
  path: "/api/billing/portal",
  summary: "Manage billing: the Stripe customer portal of the account (404: never bought)",
  tag: "account",
  auth: "session",
  responses: { 200: { description: "Where to send the browser", schema: billingRedirectSchema } },
  errors: [404],
});

export const billingWebhook = endpoint({
  method: "post",
  path: "/api/billing/webhook",
  summary:
    "Stripe's events (Stripe-Signature verified on the raw body; each event applied once; an " +
    "older subscription event than the last applied changes nothing, one of the same second " +
    "is settled by the subscription's state in Stripe, a canceled subscription stays so; a " +
    "signed but malformed event: 400 VALIDATION_FAILED; Stripe unreachable: 503)",
  tag: "account",
  auth: "none",
  responses: {
    200: {
      description: "Received",
      schema: z.object({ received: z.literal(true), outcome: z.string() }),
    },
  },
  errors: [400, 404],
});

export const getNotificationSettings = endpoint({
  method: "get",
  path: "/api/me/notification-settings",
  summary:
    "My notification settings: reminder e-mails on or off, quarterly and monthly reviews, " +
    "a week before the due date, and the language and time zone reminders follow (null: " +
    "not said yet: English, UTC). Never saved: the defaults (reviews quarterly on, monthly " +
    "off, a week before on)",
  tag: "account",
  auth: "session",
  responses: { 200: { description: "The settings", schema: notificationSettingsSchema } },
});

export const updateNotificationSettings = endpoint({
  method: "patch",
  path: "/api/me/notification-settings",
  summary:
    "Change the given fields (timeZone: an IANA zone, else 400 invalid_time_zone); the " +
    "next reminder scan follows them",
  tag: "account",
  auth: "session",
  body: updateNotificationSettingsRequestSchema,
  responses: {
    200: { description: "The settings after the change", schema: notificationSettingsSchema },
  },
});

export const unsubscribePage = endpoint({
  method: "get",
  path: "/unsubscribe",
  summary:
    "A reminder e-mail's unsubscribe link (no session; the signed token is the key): a page " +
    "that asks to confirm, changing nothing. A token this server did not sign: 404, the same " +
    "page whatever it was",
  tag: "account",
  auth: "none",
  query: unsubscribeQuerySchema,
  responses: { 200: { description: "The confirmation page", mediaType: "text/html" } },
  errors: [404],
});

export const unsubscribe = endpoint({
  method: "post",
  path: "/unsubscribe",
  summary:
    "One-click unsubscribe (RFC 8058: List-Unsubscribe-Post; also the confirmation page's " +
    "button): no more reminder e-mails for the token's person. No session, no Origin check, " +
    "any body (List-Unsubscribe=One-Click); the same 404 for a token this server did not sign",
  tag: "account",
  auth: "none",
  query: unsubscribeQuerySchema,
  responses: { 200: { description: "Done (an HTML page)", mediaType: "text/html" } },
  errors: [404],
});

export const updateMe = endpoint({
  method: "patch",
  path: "/api/me",
  summary: "Edit the profile; empty strings are stored as null; e-mail is not editable",
  tag: "account",
  auth: "session",
  body: updateMeRequestSchema,
  responses: { 200: { description: "Me after the change", schema: meResponseSchema } },
});

export const exportAccountData = endpoint({
  method: "get",
  path: "/api/me/export",
  summary:
    "Download my data (JSON attachment): everything the account owns or wrote, table by " +
    "table: profile; workspaces it belongs to with its role; of the workspaces it owns, the " +
    "members (with e-mail), invitations, calculations, milestones, records, payments and " +
    "tracker state; elsewhere the calculations, milestones, records and payments it wrote; " +
    "its embed configurations, notification settings and the reminders sent to it. Never a " +
    "password hash, session or verification token, nor an invitation's token hash",
  tag: "account",
  auth: "session",
  responses: { 200: { description: "The export", schema: accountExportSchema } },
});

export const exportAccountCsv = endpoint({
  method: "get",
  path: "/api/me/export.csv",
  summary:
    "One table of the export as CSV (text/csv attachment; UTF-8 with BOM; CRLF; RFC 4180) for " +
    "people: headers and words (yes/no, statuses, methods) in `lang`, else the account's " +
    "reminder language, else Accept-Language; no JSON in cells (`calculationLines`: one row " +
    "per asset or liability line of each calculation); a cell starting like a formula is " +
    "escaped as in calculations.csv. The JSON export keeps the stored names.",
  tag: "account",
  auth: "session",
  query: exportCsvQuerySchema,
  responses: { 200: { description: "text/csv attachment" } },
});

export const deleteAccount = endpoint({
  method: "delete",
  path: "/api/me",
  summary:
    "Delete my account, with the password (403 PASSWORD_INCORRECT: nothing deleted; beyond " +
    "10 wrong passwords an hour, 429 RATE_LIMITED with Retry-After). Its Stripe " +
    "subscriptions are cancelled first (503 UNAVAILABLE when Stripe cannot be reached: " +
    "nothing deleted). In one transaction: the mail queued or archived for its address; " +
    "the workspaces where it is the only owner, with everything in them (their other " +
    "members lose them too); its memberships elsewhere (what it wrote there stays, " +
    "without its name); invitations sent by or to it; its sessions, profile and embed " +
    "configurations. The session cookie is cleared; sign-in fails from then on",
  tag: "account",
  auth: "session",
  body: deleteAccountRequestSchema,
  responses: { 204: { description: "Deleted" } },
  errors: [429],
});

export const listWorkspaces = endpoint({
  method: "get",
  path: "/api/workspaces",
  summary: "The caller's workspaces with the caller's role, oldest first",
  tag: "workspaces",
  auth: "session",
  responses: { 200: { description: "Workspaces", schema: workspaceListSchema } },
});

export const createWorkspace = endpoint({
  method: "post",
  path: "/api/workspaces",
  summary: "Create a workspace; the caller becomes its owner",
  tag: "workspaces",
  auth: "session",
  body: createWorkspaceRequestSchema,
  responses: { 201: { description: "Created", schema: workspaceSchema } },
  errors: [403],
});

export const accountEndpoints = [
  getMe,
  getPlanUsage,
  startCheckout,
  openBillingPortal,
  billingWebhook,
  getNotificationSettings,
  updateNotificationSettings,
  unsubscribePage,
  unsubscribe,
  updateMe,
  exportAccountData,
  exportAccountCsv,
  deleteAccount,
  listWorkspaces,
  createWorkspace,
];
