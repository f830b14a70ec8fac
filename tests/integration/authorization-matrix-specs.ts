import { randomUUID } from "node:crypto";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { addHijriYear } from "../../src/domain/hawl/hijri.ts";
import { plainMilestone } from "../../src/domain/hawl/index.ts";
import { uniqueEmail } from "../helpers/accounts.ts";

// The rows of the authorization matrix (authorization-matrix.ts): for every /api/* route of the
// endpoint registry, who may call it and the exact status an allowed caller gets; the actors,
// the two workspaces' fixtures and the targets the cases are made of.

export const actors = [
  "anonymous",
  "unverified",
  "outsider",
  "member",
  "owner",
  "otherMember",
] as const;
export type Actor = (typeof actors)[number];
export type Relation = "anonymous" | "unverified" | "nonMember" | "member" | "owner";
export type Target = "A" | "B" | "foreignId" | "-";

export interface WorkspaceFixture {
  id: string;
  ownerMembershipId: string;
  memberMembershipId: string;
  calculationId: string;
  milestoneId: string;
  obligationId: string;
  invitationId: string;
  /** an invitation of this workspace to the outsider's e-mail */
  invitationToken: string;
  /**
   * an embed configuration of one of its people: embed configurations are per user, not per
   * workspace (A: its owner's; B: its member's), so only that user may change it
   */
  embedConfigId: string;
  /** a calendar feed its owner created */
  calendarFeedId: string;
}
export interface World {
  A: WorkspaceFixture;
  B: WorkspaceFixture;
}

export interface RouteSpec {
  /**
   * public: anyone, same answer; signedIn: any verified session; member/owner: of :ws;
   * embedOwner: the user who owns the {id} (A's owner for A's, B's member for B's), 404 to
   * everyone else whatever their workspace role; invitee: the person the {id} invitation was
   * sent to (the outsider, for A's and B's), 404 INVITATION_NOT_FOUND to everyone else
   */
  access: "public" | "signedIn" | "member" | "owner" | "embedOwner" | "invitee";
  /** the status of an allowed case, by the caller's relation (or actor for non-workspace routes) */
  ok: number | ((who: { actor: Actor; relation: Relation }) => number);
  /** the {id} or {memberId} of the workspace fixture the case targets */
  object?: (f: WorkspaceFixture) => string;
  body?: (f: WorkspaceFixture | null) => unknown;
  query?: string;
  /** changes the world when allowed: runs on a fresh one */
  writes?: boolean;
  /** the token-bearing accept route: targets A and B through its body, not its path */
  acceptsToken?: boolean;
  /** sign-out ends the session it is sent with: use a spare one */
  spareSession?: boolean;
  /**
   * ends every session of the caller and what they made that works without one (feed URLs,
   * sent invitations): the caller signs in again and the shared world is built again after it
   */
  endsEverySession?: boolean;
}

export const calculationBody = { ...calculateRequestExample, name: "Matrix", isCompleted: true };
/** the world's threshold (buildWorkspace) and the due date of its zakat year */
export const thresholdDay = "2026-01-10";
export const statementYear = addHijriYear(thresholdDay);
const nobody = "nobody-matrix@example.test";

export const specs: Record<string, RouteSpec> = {
  "GET /api/openapi.json": { access: "public", ok: 200 },
  "POST /api/auth/sign-up/email": { access: "public", ok: 400, body: () => ({}) },
  "POST /api/auth/sign-in/email": {
    access: "public",
    ok: 401,
    body: () => ({ email: nobody, password: "wrong password 12345" }),
  },
  "POST /api/auth/sign-out": {
    access: "public",
    ok: 200,
    body: () => ({}),
    spareSession: true,
  },
  // Better Auth's own answer (not ours) to a caller without a session or with an unverified
  // one; a signed-in caller ends all of their own sessions and nobody else's (decision 046)
  "POST /api/auth/revoke-sessions": {
    access: "public",
    ok: ({ actor }) => (actor === "anonymous" || actor === "unverified" ? 401 : 200),
    body: () => ({}),
    spareSession: true,
    writes: true,
    endsEverySession: true,
  },
  "GET /api/auth/get-session": { access: "public", ok: 200 },
  "GET /api/auth/verify-email": { access: "public", ok: 401, query: "token=not-a-token" },
  // anonymous: the same answer for an address with no account as for any other; with a session,
  // Better Auth sends only to the session's own address (another is 400 EMAIL_MISMATCH)
  "POST /api/auth/send-verification-email": {
    access: "public",
    ok: ({ actor }) => (actor === "anonymous" ? 200 : 400),
    body: () => ({ email: nobody, callbackURL: "/verify-email" }),
  },
  "POST /api/auth/request-password-reset": {
    access: "public",
    ok: 200,
    body: () => ({ email: nobody, redirectTo: "/reset-password" }),
  },
  "GET /api/auth/reset-password/{token}": {
    access: "public",
    ok: 302,
    object: () => "not-a-token",
    query: "callbackURL=%2Freset-password",
  },
  "POST /api/auth/reset-password": {
    access: "public",
    ok: 400,
    body: () => ({ newPassword: "a fine new password 42", token: "not-a-token" }),
  },
  // Second factors (decision 071): Better Auth's own answers. Without a session 401; with one,
  // wrong passwords and codes are refused (400/401), and nobody reaches another's passkey.
  ...secondFactorSpecs(),
  "GET /api/me": { access: "signedIn", ok: 200 },
  "PATCH /api/me": { access: "signedIn", ok: 200, body: () => ({}) },
  "GET /api/me/plan": { access: "signedIn", ok: 200 },
  "GET /api/me/notification-settings": { access: "signedIn", ok: 200 },
  "PATCH /api/me/notification-settings": { access: "signedIn", ok: 200, body: () => ({}) },
  // this app has no Stripe keys: online payment answers 404 once the caller passed the session
  // check (tests/integration/billing.test.ts covers the configured routes)
  "POST /api/billing/checkout": { access: "signedIn", ok: 404, body: () => ({ plan: "pro" }) },
  "POST /api/billing/portal": { access: "signedIn", ok: 404 },
  "POST /api/billing/webhook": { access: "public", ok: 404 },
  "GET /api/me/export": { access: "signedIn", ok: 200 },
  "GET /api/me/export.csv": { access: "signedIn", ok: 200, query: "table=calculations" },
  // a wrong password: the account stays (deletion itself: account-data.test.ts)
  "DELETE /api/me": {
    access: "signedIn",
    ok: 403,
    body: () => ({ password: "not the password 42" }),
  },
  "GET /api/workspaces": { access: "signedIn", ok: 200 },
  "POST /api/workspaces": { access: "signedIn", ok: 201, body: () => ({ name: "Matrix" }) },
  "PATCH /api/workspaces/{ws}": {
    access: "owner",
    ok: 200,
    body: () => ({ name: "Renamed" }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}": { access: "owner", ok: 204, writes: true },
  "GET /api/workspaces/{ws}/members": { access: "member", ok: 200 },
  "DELETE /api/workspaces/{ws}/members/me": {
    access: "member",
    // the only owner of each workspace cannot leave
    ok: ({ relation }) => (relation === "owner" ? 409 : 204),
    writes: true,
  },
  "PATCH /api/workspaces/{ws}/members/{memberId}": {
    access: "owner",
    ok: 200,
    object: (f) => f.memberMembershipId,
    body: () => ({ role: "owner" }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}/members/{memberId}": {
    access: "owner",
    ok: 204,
    object: (f) => f.memberMembershipId,
    writes: true,
  },
  "GET /api/workspaces/{ws}/invitations": { access: "owner", ok: 200 },
  "POST /api/workspaces/{ws}/invitations": {
    access: "owner",
    ok: 201,
    body: () => ({ email: uniqueEmail("matrix-invitee") }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}/invitations/{id}": {
    access: "owner",
    ok: 204,
    object: (f) => f.invitationId,
    writes: true,
  },
  "POST /api/invitations/accept": {
    access: "signedIn",
    // the invitation is the outsider's: everyone else has another e-mail address
    ok: ({ actor }) => (actor === "outsider" ? 200 : 403),
    body: (f) => ({ token: f!.invitationToken }),
    acceptsToken: true,
    writes: true,
  },
  // an unknown token: the same 404 for everyone (tokens themselves: invitations.test.ts)
  "GET /api/invitations/preview": {
    access: "public",
    ok: 404,
    query: `token=${"x".repeat(43)}`,
  },
  "GET /api/invitations": { access: "signedIn", ok: 200 },
  "POST /api/invitations/{id}/accept": {
    access: "invitee",
    ok: 200,
    object: (f) => f.invitationId,
    writes: true,
  },
  "POST /api/invitations/{id}/decline": {
    access: "invitee",
    ok: 204,
    object: (f) => f.invitationId,
    writes: true,
  },
  "GET /api/workspaces/{ws}/calculations": { access: "member", ok: 200 },
  "POST /api/workspaces/{ws}/calculations": {
    access: "member",
    ok: 201,
    body: () => calculationBody,
    writes: true,
  },
  "GET /api/workspaces/{ws}/calculations.csv": { access: "member", ok: 200 },
  "GET /api/workspaces/{ws}/calculations/{id}": {
    access: "member",
    ok: 200,
    object: (f) => f.calculationId,
  },
  "PUT /api/workspaces/{ws}/calculations/{id}": {
    access: "member",
    ok: 200,
    object: (f) => f.calculationId,
    body: () => ({ ...calculationBody, version: 1 }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}/calculations/{id}": {
    access: "member",
    ok: 204,
    object: (f) => f.calculationId,
    writes: true,
  },
  "GET /api/workspaces/{ws}/zakat": { access: "member", ok: 200 },
  "POST /api/workspaces/{ws}/zakat": {
    access: "member",
    ok: 200,
    body: () => ({ milestones: [], obligations: [] }),
    writes: true,
  },
  "PATCH /api/workspaces/{ws}/zakat/settings": {
    access: "member",
    ok: 200,
    body: () => ({ hawlRule: "hanafi" }),
    writes: true,
  },
  "GET /api/workspaces/{ws}/statements": { access: "member", ok: 200 },
  // {year}: the due date of the world's threshold (statementYear)
  "GET /api/workspaces/{ws}/statements/{year}.pdf": { access: "member", ok: 200 },
  "GET /api/workspaces/{ws}/milestones": { access: "member", ok: 200 },
  "POST /api/workspaces/{ws}/milestones": {
    access: "member",
    ok: 201,
    body: () => ({ date: "2026-05-01", title: "A note of the year", type: "due" }),
    writes: true,
  },
  "POST /api/workspaces/{ws}/milestones/restore": {
    access: "member",
    ok: 200,
    body: () => ({
      milestones: [
        plainMilestone({ id: randomUUID(), date: "2026-06-01", title: "Restored", type: "due" }),
      ],
    }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}/milestones/{id}": {
    access: "member",
    ok: 200,
    object: (f) => f.milestoneId,
    writes: true,
  },
  "GET /api/workspaces/{ws}/obligations": { access: "member", ok: 200 },
  "POST /api/workspaces/{ws}/obligations": {
    access: "member",
    ok: 201,
    body: () => ({ amount: "10", category: "Zakat", dueDate: "2026-12-01" }),
    writes: true,
  },
  "POST /api/workspaces/{ws}/obligations/{id}/payments": {
    access: "member",
    ok: 201,
    object: (f) => f.obligationId,
    body: () => ({ amount: "1" }),
    writes: true,
  },
  "DELETE /api/workspaces/{ws}/obligations/{id}": {
    access: "member",
    ok: 204,
    object: (f) => f.obligationId,
    writes: true,
  },
  "GET /api/embed-configs": { access: "signedIn", ok: 200 },
  "POST /api/embed-configs": {
    access: "signedIn",
    ok: 201,
    body: () => ({ name: "Matrix", allowedDomains: ["matrix.example.org"] }),
  },
  "PATCH /api/embed-configs/{id}": {
    access: "embedOwner",
    ok: 200,
    object: (f) => f.embedConfigId,
    body: () => ({ name: "Renamed", isActive: false }),
    writes: true,
  },
  "DELETE /api/embed-configs/{id}": {
    access: "embedOwner",
    ok: 204,
    object: (f) => f.embedConfigId,
    writes: true,
  },
  "GET /api/embed-configs/{id}/usage": {
    access: "embedOwner",
    ok: 200,
    object: (f) => f.embedConfigId,
  },
  "GET /api/embed-configs/{id}/usage.csv": {
    access: "embedOwner",
    ok: 200,
    object: (f) => f.embedConfigId,
  },
  // an unknown key: the same 404 for everyone, nothing counted (counts: embed-usage.test.ts)
  "POST /api/embed/events": {
    access: "public",
    ok: 404,
    body: () => ({ key: "M".repeat(32), event: "load", site: "https://matrix.example.org" }),
  },
  "GET /api/workspaces/{ws}/calendar-feeds": { access: "member", ok: 200 },
  "POST /api/workspaces/{ws}/calendar-feeds": {
    access: "member",
    ok: 201,
    body: () => ({}),
    writes: true,
  },
  // the fixture's feed is its owner's: another member may not revoke it (403), and anyone's
  // feed of another workspace is not found (a member revoking their own: calendar-feeds.test.ts)
  "DELETE /api/workspaces/{ws}/calendar-feeds/{id}": {
    access: "member",
    ok: ({ relation }) => (relation === "owner" ? 204 : 403),
    object: (f) => f.calendarFeedId,
    writes: true,
  },
  // an unknown token: the same 404 for everyone (tokens themselves: calendar-feeds.test.ts)
  "GET /api/workspaces/{ws}/calendar.ics": {
    access: "public",
    ok: 404,
    query: `token=${"x".repeat(43)}`,
  },
  "GET /api/prices": { access: "public", ok: 200, query: "currency=EUR" },
  "GET /api/rates": { access: "public", ok: 200, query: "currency=EUR&of=USD,MAD" },
  "POST /api/calculate": { access: "public", ok: 200, body: () => calculateRequestExample },
};

function secondFactorSpecs(): Record<string, RouteSpec> {
  const signedIn = (status: number) => (who: { actor: Actor }) =>
    who.actor === "anonymous" || who.actor === "unverified" ? 401 : status;
  const wrongPassword = "wrong password 12345";
  const bogusCredential = { id: "bm9wZQ", rawId: "bm9wZQ", type: "public-key", response: {} };
  return {
    "POST /api/auth/two-factor/enable": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ password: wrongPassword }),
    },
    "POST /api/auth/two-factor/verify-totp": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ code: "000000" }),
    },
    "POST /api/auth/two-factor/verify-backup-code": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ code: "00000-00000" }),
    },
    "POST /api/auth/two-factor/disable": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ password: wrongPassword, code: "000000" }),
    },
    "POST /api/auth/two-factor/generate-backup-codes": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ password: wrongPassword }),
    },
    "GET /api/auth/passkey/generate-register-options": { access: "public", ok: signedIn(200) },
    "POST /api/auth/passkey/verify-registration": {
      access: "public",
      ok: signedIn(400),
      body: () => ({ response: bogusCredential }),
    },
    "GET /api/auth/passkey/generate-authenticate-options": { access: "public", ok: 200 },
    "POST /api/auth/passkey/verify-authentication": {
      access: "public",
      ok: 400,
      body: () => ({ response: bogusCredential }),
    },
    "GET /api/auth/passkey/list-user-passkeys": { access: "public", ok: signedIn(200) },
    "POST /api/auth/passkey/delete-passkey": {
      access: "public",
      ok: signedIn(404),
      body: () => ({ id: "not-a-passkey" }),
    },
    "POST /api/auth/passkey/update-passkey": {
      access: "public",
      ok: signedIn(404),
      body: () => ({ id: "not-a-passkey", name: "Matrix" }),
    },
  };
}
