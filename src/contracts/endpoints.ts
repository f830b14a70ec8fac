import { z } from "zod";
import {
  getSessionResponseSchema,
  requestPasswordResetRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from "./auth.ts";
import { billingRedirectSchema, checkoutRequestSchema } from "./billing.ts";
import {
  calculateRequestExamples,
  calculateRequestSchema,
  calculateResponseSchema,
} from "./calculate.ts";
import {
  calculationListQuerySchema,
  calculationListSchema,
  calculationSchema,
  calculationVersionConflictSchema,
  createCalculationRequestSchema,
  updateCalculationRequestSchema,
} from "./calculations.ts";
import {
  createEmbedConfigRequestSchema,
  embedConfigListSchema,
  embedConfigSchema,
  embedEventRequestSchema,
  embedUsageSchema,
  updateEmbedConfigRequestSchema,
} from "./embed.ts";
import {
  calendarFeedListSchema,
  calendarFeedQuerySchema,
  createCalendarFeedRequestSchema,
  createdCalendarFeedSchema,
} from "./calendar-feeds.ts";
import { healthResponseSchema } from "./health.ts";
import {
  createMilestoneRequestSchema,
  restoreMilestonesRequestSchema,
  createObligationRequestSchema,
  milestoneChangeSchema,
  milestoneListSchema,
  obligationListSchema,
  obligationSchema,
  recordPaymentRequestSchema,
  syncZakatRequestSchema,
  trackerSettingsSchema,
  updateTrackerSettingsRequestSchema,
  zakatDataSchema,
} from "./zakat.ts";
import {
  accountExportSchema,
  deleteAccountRequestSchema,
  exportCsvQuerySchema,
  meResponseSchema,
  planUsageResponseSchema,
  updateMeRequestSchema,
} from "./me.ts";
import {
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  updateNotificationSettingsRequestSchema,
} from "./notifications.ts";
import {
  pricesQuerySchema,
  pricesResponseSchema,
  ratesQuerySchema,
  ratesResponseSchema,
} from "./prices.ts";
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  createWorkspaceRequestSchema,
  invitationListSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  receivedInvitationListSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  memberListSchema,
  memberSchema,
  renameWorkspaceRequestSchema,
  updateMemberRequestSchema,
  workspaceListSchema,
  workspaceSchema,
} from "./workspaces.ts";

// The endpoint registry: one entry per route, the source of GET /api/openapi.json.
// Add the entry in the same change as the route; a test checks the document covers the app.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface EndpointResponse {
  description: string;
  /** JSON body; omitted for empty answers, redirects and non-JSON answers (say so in the description) */
  schema?: z.ZodType;
  /** the media type of a non-JSON body (documented as a string of that type) */
  mediaType?: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI path template: `/api/workspaces/{ws}` */
  path: string;
  summary: string;
  tag:
    | "health"
    | "auth"
    | "account"
    | "workspaces"
    | "meta"
    | "prices"
    | "calculator"
    | "tracker"
    | "embeds";
  /** session: needs the session cookie (401 without); none: anyone */
  auth: "session" | "none";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** named example bodies, shown under the request body */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  responses: Record<number, EndpointResponse>;
  /** statuses answered with the error shape of API.md; 400/401/403 cross-site/413/415/503 are added where they apply */
  errors?: number[];
  /** Better Auth's own routes answer errors in its own shape */
  betterAuth?: boolean;
}

const tokenQuery = z.object({ token: z.string(), callbackURL: z.string().optional() });

const authEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/auth/sign-up/email",
    summary: "Create an account; a verification e-mail is sent",
    tag: "auth",
    auth: "none",
    body: signUpRequestSchema,
    responses: {
      200: {
        description: "Account created (unverified, no session)",
        schema: z.object({ user: sessionUserSchema.loose() }).loose(),
      },
    },
    errors: [422, 429],
    betterAuth: true,
  },
  {
    method: "post",
    path: "/api/auth/sign-in/email",
    summary: "Sign in with e-mail and password (verified e-mail required); sets the session cookie",
    tag: "auth",
    auth: "none",
    body: signInRequestSchema,
    responses: {
      200: {
        description: "Signed in",
        schema: z.object({ user: sessionUserSchema.loose() }).loose(),
      },
    },
    errors: [401, 403, 429],
    betterAuth: true,
  },
  {
    method: "post",
    path: "/api/auth/sign-out",
    summary: "End the session",
    tag: "auth",
    auth: "session",
    responses: { 200: { description: "Signed out", schema: z.object({ success: z.boolean() }) } },
    betterAuth: true,
  },
  {
    method: "get",
    path: "/api/auth/get-session",
    summary: "The current session and user, or null",
    tag: "auth",
    auth: "none",
    responses: { 200: { description: "Session or null", schema: getSessionResponseSchema } },
    betterAuth: true,
  },
  {
    method: "get",
    path: "/api/auth/verify-email",
    summary: "Verify an e-mail address with the token from the verification e-mail",
    tag: "auth",
    auth: "none",
    query: tokenQuery,
    responses: {
      200: { description: "Verified (no callbackURL)", schema: z.object({}).loose() },
      302: { description: "Verified or failed: redirect to callbackURL" },
    },
    errors: [401],
    betterAuth: true,
  },
  {
    method: "post",
    path: "/api/auth/request-password-reset",
    summary: "Send a password-reset e-mail (same answer whether the account exists or not)",
    tag: "auth",
    auth: "none",
    body: requestPasswordResetRequestSchema,
    responses: {
      200: { description: "Accepted", schema: z.object({ status: z.boolean() }).loose() },
    },
    errors: [429],
    betterAuth: true,
  },
  {
    method: "get",
    path: "/api/auth/reset-password/{token}",
    summary: "Link target of the reset e-mail: redirects to the reset page with the token",
    tag: "auth",
    auth: "none",
    query: z.object({ callbackURL: z.string() }),
    responses: { 302: { description: "Redirect to callbackURL?token=…" } },
    betterAuth: true,
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    summary: "Set a new password with the token from the reset e-mail",
    tag: "auth",
    auth: "none",
    body: resetPasswordRequestSchema,
    responses: {
      200: { description: "Password changed", schema: z.object({ status: z.boolean() }) },
    },
    errors: [400],
    betterAuth: true,
  },
];

// Members, roles and invitations (API.md "workspaces", "members", "invitations"; issue 5). Every
// {ws} route answers 404 to non-members; owner routes answer 403 FORBIDDEN to members.
const workspaceEndpoints: Endpoint[] = [
  {
    method: "patch",
    path: "/api/workspaces/{ws}",
    summary: "Rename the workspace (owners); the name is trimmed and must not be blank",
    tag: "workspaces",
    auth: "session",
    body: renameWorkspaceRequestSchema,
    responses: { 200: { description: "The workspace renamed", schema: workspaceSchema } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}",
    summary:
      "Delete the workspace and everything in it: members, invitations, calculations, the " +
      "tracker (owners)",
    tag: "workspaces",
    auth: "session",
    responses: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/members",
    summary: "The members with their e-mail, full name and role, in the order they joined",
    tag: "workspaces",
    auth: "session",
    responses: { 200: { description: "Members", schema: memberListSchema } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/members/me",
    summary:
      "Leave the workspace. A member always can; an owner only while another owner remains " +
      "(409 LAST_OWNER)",
    tag: "workspaces",
    auth: "session",
    responses: { 204: { description: "Left" } },
    errors: [404, 409],
  },
  {
    method: "patch",
    path: "/api/workspaces/{ws}/members/{memberId}",
    summary:
      "Change a member's role (owners): make a member owner, or step down yourself. Another " +
      "owner cannot be demoted (409 CANNOT_REMOVE_OWNER), nor the last owner (409 LAST_OWNER); " +
      "the same role again changes nothing",
    tag: "workspaces",
    auth: "session",
    body: updateMemberRequestSchema,
    responses: { 200: { description: "The member now", schema: memberSchema } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/members/{memberId}",
    summary:
      "Remove a member (owners); never an owner (409 CANNOT_REMOVE_OWNER). They lose access " +
      "with their next request",
    tag: "workspaces",
    auth: "session",
    responses: { 204: { description: "Removed" } },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/invitations",
    summary: "Pending invitations not yet expired, newest first (owners). Tokens are never shown",
    tag: "workspaces",
    auth: "session",
    responses: { 200: { description: "Invitations", schema: invitationListSchema } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/workspaces/{ws}/invitations",
    summary:
      "Invite by e-mail (owners) with role member (default) or owner. Already a member: 409 " +
      "ALREADY_MEMBER; a pending invitation: 409 INVITATION_PENDING; beyond the plan's " +
      "invitations (people beside one owner plus pending invitations): 403 PLAN_LIMIT_REACHED; " +
      "beyond 10 invitations an hour per workspace or 20 per owner: 429 RATE_LIMITED with " +
      "Retry-After (cancelling gives none back). An invitation valid 7 days is e-mailed with " +
      "the link /accept-invitation?token=…, in `language` (else x-hawl-language, " +
      "Accept-Language, English); the answer is the same whether or not the address has an " +
      "account, and nobody joins before accepting. The e-mail is best effort: `emailSent: " +
      "false` when it could not be sent (the invitation stays)",
    tag: "workspaces",
    auth: "session",
    body: inviteRequestSchema,
    responses: { 201: { description: "Invited", schema: inviteResponseSchema } },
    errors: [404, 409, 429],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/invitations/{id}",
    summary:
      "Cancel an invitation (owners), and every other invitation of that workspace and " +
      "e-mail; its link stops working (404 INVITATION_NOT_FOUND when unknown)",
    tag: "workspaces",
    auth: "session",
    responses: { 204: { description: "Cancelled" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/invitations/accept",
    summary:
      "Accept an invitation with the token of its link. The signed-in account's e-mail must " +
      "equal the invited one (case-insensitive, otherwise exact): 403 " +
      "INVITATION_EMAIL_MISMATCH; unknown, used or cancelled token: 404 INVITATION_NOT_FOUND; " +
      "past its 7 days: marked expired, 410 INVITATION_EXPIRED; already a member: 409 " +
      "ALREADY_MEMBER. Success joins with the invited role and deletes every invitation of " +
      "that workspace and e-mail",
    tag: "workspaces",
    auth: "session",
    body: acceptInvitationRequestSchema,
    responses: {
      200: { description: "Joined", schema: acceptInvitationResponseSchema },
    },
    errors: [404, 409, 410],
  },
  {
    method: "get",
    path: "/api/invitations/preview",
    summary:
      "What the holder of an invitation link may see before signing in: the workspace's name, " +
      "the role and the inviter's name. A used, cancelled, expired or unknown token: 404 " +
      "INVITATION_NOT_FOUND alike",
    tag: "workspaces",
    auth: "none",
    query: invitationPreviewQuerySchema,
    responses: { 200: { description: "The invitation", schema: invitationPreviewSchema } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/invitations",
    summary:
      "The pending invitations, not yet expired, addressed to the signed-in account's e-mail, " +
      "oldest first, with the workspace's name, the inviter, the role and the expiry",
    tag: "workspaces",
    auth: "session",
    responses: { 200: { description: "Invitations", schema: receivedInvitationListSchema } },
  },
  {
    method: "post",
    path: "/api/invitations/{id}/accept",
    summary:
      "Accept one of your invitations (from the dashboard). Only the invitee: anyone else's or " +
      "an unknown id is 404 INVITATION_NOT_FOUND; past its 7 days: marked expired, 410 " +
      "INVITATION_EXPIRED; already a member: 409 ALREADY_MEMBER. Success joins with the " +
      "invited role and deletes every invitation of that workspace and e-mail",
    tag: "workspaces",
    auth: "session",
    responses: {
      200: { description: "Joined", schema: acceptInvitationResponseSchema },
    },
    errors: [404, 409, 410],
  },
  {
    method: "post",
    path: "/api/invitations/{id}/decline",
    summary:
      "Decline one of your invitations: it is deleted, with every other of that workspace and " +
      "e-mail, and its link stops working. Anyone else's or an unknown id: 404 " +
      "INVITATION_NOT_FOUND",
    tag: "workspaces",
    auth: "session",
    responses: { 204: { description: "Declined" } },
    errors: [404],
  },
];

// Embed configurations (API.md "embed-configs"; issue 6). Per user: another user's
// configuration answers 404 as a missing one. The embed page itself (GET /embed/calculator) is a
// page, not part of this API (API.md "Embed", decision 010).
const embedEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/embed-configs",
    summary: "The caller's embed configurations, newest first",
    tag: "embeds",
    auth: "session",
    responses: { 200: { description: "Configurations", schema: embedConfigListSchema } },
  },
  {
    method: "post",
    path: "/api/embed-configs",
    summary:
      "Create an active embed configuration with a new 32-character key. The name is trimmed " +
      "(fields.name = nameRequired when blank); at least one domain (fields.allowedDomains = " +
      "domainRequired); each domain is normalised (lower case, no scheme or path, punycode) " +
      "and checked (fields.allowedDomains.<i> = invalid | duplicate); config holds the " +
      "optional language (en, fr, nl), currency (EUR, USD) and hex colours. Beyond the plan's " +
      "embed domains (distinct domains of all the caller's configurations): 403 " +
      "PLAN_LIMIT_REACHED",
    tag: "embeds",
    auth: "session",
    body: createEmbedConfigRequestSchema,
    responses: { 201: { description: "Created", schema: embedConfigSchema } },
    errors: [403],
  },
  {
    method: "patch",
    path: "/api/embed-configs/{id}",
    summary:
      "Rename, replace the domains (normalised and checked as on create; may be empty, the key " +
      "then shows the restricted page), enable/disable, or replace the display settings " +
      "(`config`: what it sets is fixed, what it leaves out the embed URL's lang, currency, " +
      "primaryColor and accentColor may choose). Takes effect on the next embed " +
      "request. Adding domains beyond the plan: 403 PLAN_LIMIT_REACHED",
    tag: "embeds",
    auth: "session",
    body: updateEmbedConfigRequestSchema,
    responses: { 200: { description: "The configuration now", schema: embedConfigSchema } },
    errors: [403, 404],
  },
  {
    method: "delete",
    path: "/api/embed-configs/{id}",
    summary: "Delete the configuration; its key stops working at once",
    tag: "embeds",
    auth: "session",
    responses: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/embed-configs/{id}/usage",
    summary:
      "The configuration's counts of the last 30 UTC days, oldest first, zeros included: " +
      "embed loads, completed calculations, results with zakat due, call-to-action clicks",
    tag: "embeds",
    auth: "session",
    responses: { 200: { description: "Daily counts", schema: embedUsageSchema } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/embed-configs/{id}/usage.csv",
    summary:
      "The same 30 days as CSV (text/csv attachment; CRLF; columns day, loads, completed, " +
      "zakat_due, cta_clicks)",
    tag: "embeds",
    auth: "session",
    responses: { 200: { description: "text/csv attachment" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/embed/events",
    summary:
      "Count one event of a keyed embed (sent by the embed page with navigator.sendBeacon): " +
      "event is load, completed, due or cta; site is the framing page's origin or URL, whose " +
      "host must be one of the configuration's domains (403 FORBIDDEN otherwise). An unknown " +
      "or inactive key is 404. Above 30 events a minute per key and address: 429 " +
      "RATE_LIMITED. Only the day's four counts are stored, nothing about the sender",
    tag: "embeds",
    auth: "none",
    body: embedEventRequestSchema,
    responses: { 204: { description: "Counted" } },
    errors: [403, 404, 429],
  },
];

// Calendar feeds (API.md "calendar-feeds"; issue 15, decision 016).
const calendarFeedEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/workspaces/{ws}/calendar-feeds",
    summary:
      "The workspace's live calendar feeds, newest first (members). URLs are never shown " +
      "again: only a hash of each token is stored",
    tag: "tracker",
    auth: "session",
    responses: { 200: { description: "Feeds", schema: calendarFeedListSchema } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/workspaces/{ws}/calendar-feeds",
    summary:
      "Create a secret iCalendar feed of the workspace's milestones (members), its titles " +
      "in `language` (else x-hawl-language, Accept-Language, English). The answer carries " +
      "`url` and `webcalUrl` this once. Each live feed is one calendar integration of the " +
      "creator's plan; beyond it: 403 PLAN_LIMIT_REACHED",
    tag: "tracker",
    auth: "session",
    body: createCalendarFeedRequestSchema,
    responses: { 201: { description: "Created", schema: createdCalendarFeedSchema } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/calendar-feeds/{id}",
    summary:
      "Revoke a feed (its creator or an owner; others 403 FORBIDDEN): its URL answers 404 at " +
      "once and it no longer counts against the plan",
    tag: "tracker",
    auth: "session",
    responses: { 204: { description: "Revoked" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/calendar.ics",
    summary:
      "The feed (no session; the token is the key): milestones as all-day events with the " +
      "Hijri date in the description, alarms a week before and on the day of open due " +
      "milestones. A token of no live feed (wrong, revoked, its creator gone from the " +
      "workspace) or missing: 404 NOT_FOUND, the same answer in every case",
    tag: "tracker",
    auth: "none",
    query: calendarFeedQuerySchema,
    responses: {
      200: {
        description: "The feed (iCalendar, RFC 5545), never stored by a cache",
        mediaType: "text/calendar; charset=utf-8",
      },
    },
    errors: [404],
  },
];

export const endpoints: Endpoint[] = [
  {
    method: "get",
    path: "/healthz",
    summary: "Liveness: 200 while the process is up",
    tag: "health",
    auth: "none",
    responses: { 200: { description: "Up", schema: healthResponseSchema } },
  },
  {
    method: "get",
    path: "/readyz",
    summary: "Readiness: 200 only when the database answers",
    tag: "health",
    auth: "none",
    responses: {
      200: { description: "Ready", schema: healthResponseSchema },
      503: { description: "Database unreachable", schema: healthResponseSchema },
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    tag: "meta",
    auth: "none",
    responses: { 200: { description: "OpenAPI 3.1 document", schema: z.object({}).loose() } },
  },
  ...authEndpoints,
  {
    method: "get",
    path: "/api/me",
    summary: "The signed-in user, profile and plan",
    tag: "account",
    auth: "session",
    responses: { 200: { description: "Me", schema: meResponseSchema } },
  },
  {
    method: "get",
    path: "/api/me/plan",
    summary:
      "My plan and usage against each limit (limit null: unlimited; invitations: the fullest " +
      "owned workspace, people beside one owner plus pending invitations)",
    tag: "account",
    auth: "session",
    responses: { 200: { description: "Plan and usage", schema: planUsageResponseSchema } },
  },
  {
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
  },
  {
    method: "post",
    path: "/api/billing/portal",
    summary: "Manage billing: the Stripe customer portal of the account (404: never bought)",
    tag: "account",
    auth: "session",
    responses: { 200: { description: "Where to send the browser", schema: billingRedirectSchema } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/billing/webhook",
    summary:
      "Stripe's events (Stripe-Signature verified on the raw body; each event applied once; an " +
      "older subscription event than the last applied changes nothing)",
    tag: "account",
    auth: "none",
    responses: {
      200: {
        description: "Received",
        schema: z.object({ received: z.literal(true), outcome: z.string() }),
      },
    },
    errors: [400, 404],
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    method: "patch",
    path: "/api/me",
    summary: "Edit the profile; empty strings are stored as null; e-mail is not editable",
    tag: "account",
    auth: "session",
    body: updateMeRequestSchema,
    responses: { 200: { description: "Me after the change", schema: meResponseSchema } },
  },
  {
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
  },
  {
    method: "get",
    path: "/api/me/export.csv",
    summary:
      "One table of the export as CSV (text/csv attachment; UTF-8 with BOM; CRLF; RFC 4180), " +
      "the JSON's keys as header; a cell starting like a formula is escaped as in " +
      "calculations.csv",
    tag: "account",
    auth: "session",
    query: exportCsvQuerySchema,
    responses: { 200: { description: "text/csv attachment" } },
  },
  {
    method: "delete",
    path: "/api/me",
    summary:
      "Delete my account, with the password (403 PASSWORD_INCORRECT: nothing deleted; beyond " +
      "10 wrong passwords an hour, 429 RATE_LIMITED with Retry-After). In one " +
      "transaction: the workspaces where it is the only owner, with everything in them (their " +
      "other members lose them too); its memberships elsewhere (what it wrote there stays, " +
      "without its name); invitations sent by or to it; its sessions, profile and embed " +
      "configurations. The session cookie is cleared; sign-in fails from then on",
    tag: "account",
    auth: "session",
    body: deleteAccountRequestSchema,
    responses: { 204: { description: "Deleted" } },
    errors: [429],
  },
  {
    method: "get",
    path: "/api/workspaces",
    summary: "The caller's workspaces with the caller's role, oldest first",
    tag: "workspaces",
    auth: "session",
    responses: { 200: { description: "Workspaces", schema: workspaceListSchema } },
  },
  {
    method: "post",
    path: "/api/workspaces",
    summary: "Create a workspace; the caller becomes its owner",
    tag: "workspaces",
    auth: "session",
    body: createWorkspaceRequestSchema,
    responses: { 201: { description: "Created", schema: workspaceSchema } },
    errors: [403],
  },
  ...workspaceEndpoints,
  ...embedEndpoints,
  ...calendarFeedEndpoints,
  {
    method: "get",
    path: "/api/workspaces/{ws}/calculations",
    summary:
      "History of saved calculations, newest first (created_at, then id): `?page=N` (default 1), " +
      "10 a page with the exact count, totalPages = ceil(totalCount / 10) (0 when empty), a page " +
      "past the end is empty; or `?latest=N` (1 ≤ N ≤ 20), the N newest. Members only (404 " +
      "otherwise)",
    tag: "calculator",
    auth: "session",
    query: calculationListQuerySchema,
    responses: { 200: { description: "A page", schema: calculationListSchema } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/workspaces/{ws}/calculations",
    summary:
      "Save a calculation: POST /api/calculate's body plus name, isCompleted, optional " +
      "calculationDate (default today, UTC), priceSource and priceDate. `id` omitted, empty or " +
      "`local_…` creates (201); a UUID updates that calculation (200; 404 if it is not in this " +
      "workspace; with `version`, only if still that version, else 409 VERSION_CONFLICT); any " +
      "other id is 400 INVALID_SESSION_ID. The server computes every result field from the " +
      "inputs; result fields sent along are ignored. Optional `Idempotency-Key` header (1–255 " +
      "visible ASCII characters): a repeat with the same key in the workspace answers the first " +
      "answer again (header `Idempotent-Replayed: true`) and creates nothing; the same key with " +
      "another body is 409 CONFLICT",
    tag: "calculator",
    auth: "session",
    body: createCalculationRequestSchema,
    responses: {
      200: { description: "Updated (a UUID id)", schema: calculationSchema },
      201: { description: "Created", schema: calculationSchema },
      409: {
        description: "Stale version: the current version and state",
        schema: calculationVersionConflictSchema,
      },
    },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/calculations.csv",
    summary:
      "The history as CSV (text/csv; UTF-8 with BOM; CRLF; RFC 4180 quoting), newest first: " +
      "Name, Date, Status (Completed/Draft), Currency, Total assets, Total liabilities, " +
      "Zakatable amount, Nisab value, Above nisab (yes/no), Zakat due, Created at. A cell " +
      "starting with = + - @, tab or CR is prefixed with an apostrophe (no formula injection)",
    tag: "calculator",
    auth: "session",
    responses: { 200: { description: "text/csv attachment" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/calculations/{id}",
    summary: "One saved calculation: its body, result fields, id and version",
    tag: "calculator",
    auth: "session",
    responses: { 200: { description: "The calculation", schema: calculationSchema } },
    errors: [400, 404],
  },
  {
    method: "put",
    path: "/api/workspaces/{ws}/calculations/{id}",
    summary:
      "Replace a saved calculation; the body carries the `version` it was read at. Stale → 409 " +
      "VERSION_CONFLICT with currentVersion and current (reload, or save again with " +
      "currentVersion to overwrite); non-UUID id → 400 INVALID_SESSION_ID; the result is " +
      "recomputed by the server",
    tag: "calculator",
    auth: "session",
    body: updateCalculationRequestSchema,
    responses: {
      200: { description: "Updated (version + 1)", schema: calculationSchema },
      409: {
        description: "Stale version: the current version and state",
        schema: calculationVersionConflictSchema,
      },
    },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/calculations/{id}",
    summary: "Delete a saved calculation",
    tag: "calculator",
    auth: "session",
    responses: { 204: { description: "Deleted" } },
    errors: [400, 404],
  },
  {
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
  },
  {
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
    responses: { 200: { description: "The data after the sync", schema: zakatDataSchema } },
    errors: [404, 409],
  },
  {
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
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/milestones",
    summary: "The timeline, by date ascending",
    tag: "tracker",
    auth: "session",
    responses: { 200: { description: "Milestones", schema: milestoneListSchema } },
    errors: [404],
  },
  {
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
      "DUPLICATE_THRESHOLD_DOWN with the spec's messages; nothing is stored",
    tag: "tracker",
    auth: "session",
    body: createMilestoneRequestSchema,
    responses: {
      201: { description: "The timeline after the change", schema: milestoneChangeSchema },
    },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/milestones/{id}",
    summary: "Remove a milestone; a threshold also removes its children (same transaction)",
    tag: "tracker",
    auth: "session",
    responses: {
      200: { description: "The timeline after the change", schema: milestoneChangeSchema },
    },
    errors: [404],
  },
  {
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
  },
  {
    method: "get",
    path: "/api/workspaces/{ws}/obligations",
    summary: "Records, newest first, each with the sum of its payments (paidAmount)",
    tag: "tracker",
    auth: "session",
    responses: { 200: { description: "Records", schema: obligationListSchema } },
    errors: [404],
  },
  {
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
  },
  {
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
  },
  {
    method: "delete",
    path: "/api/workspaces/{ws}/obligations/{id}",
    summary: "Delete a record and its payments",
    tag: "tracker",
    auth: "session",
    responses: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/prices",
    summary: "Gold and silver prices per gram in a currency, with where they come from (source)",
    tag: "prices",
    auth: "none",
    query: pricesQuerySchema,
    responses: {
      200: {
        description:
          "Prices per gram of pure gold and silver. `live`: from the configured provider " +
          "(PRICES_PROVIDER: gold-api.com by default, or the JSON feed at PRICES_URL), " +
          "cached in the database for PRICES_TTL_SECONDS (one fetch at a time, at most " +
          "PRICES_TIMEOUT_MS). When the feed fails, is slow, answers garbage or is not " +
          "configured: `cache`, the last fetched prices with the time they were fetched, else " +
          "`default`, the prices shipped with Hawl with the day they were set. The feed " +
          'document: `{ "updatedAt": ISO 8601, "unit": "gram" | "troyOunce", "prices": ' +
          '{ "EUR": { "gold": "3467.20", "silver": "42.05" }, … } }`, decimal strings for ' +
          "pure metal; troy ounces are converted at 31.1035 g and rounded half-up to 6 " +
          "decimals; a document with any zero, implausible or malformed price, or older than " +
          "7 days, is refused as a whole (docs/decisions/005-price-feed.md).",
        schema: pricesResponseSchema,
      },
    },
  },
  {
    method: "get",
    path: "/api/rates",
    summary:
      "Exchange rates of other currencies in a currency, as of a day, from the price source " +
      "(what POST /api/calculate takes for amounts in a currency without a rate in the body)",
    tag: "prices",
    auth: "none",
    query: ratesQuerySchema,
    responses: {
      200: {
        description:
          "The value of one unit of each `of` currency in `currency`, with its source and the " +
          "day it is of: from the provider's dollar rates when known (gold-api), else from the " +
          "day's gold prices in both currencies; rounded half-up to 10 decimals " +
          "(docs/decisions/022-live-prices-currencies-as-of.md).",
        schema: ratesResponseSchema,
      },
    },
  },
  {
    method: "post",
    path: "/api/calculate",
    summary:
      "Compute zakat from the calculation's inputs (anyone; stores nothing). Amounts are " +
      "decimal strings; omitted sections count as zero; methodology may give just a preset; " +
      "the answer is rounded half-up to the currency's minor unit, with one line per amount " +
      "entered naming the rule applied",
    tag: "calculator",
    auth: "none",
    body: calculateRequestSchema,
    bodyExamples: calculateRequestExamples,
    responses: { 200: { description: "The result", schema: calculateResponseSchema } },
  },
];
