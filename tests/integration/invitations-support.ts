import { asc } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { inviteResponseSchema } from "../../src/contracts/workspaces.ts";
import { workspaceInvitations, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { invitationTokenIn, mailsTo, setPlan, waitForMailNumber } from "../helpers/workspaces.ts";

// What the invitation tests share (invitations*.test.ts): the app, its Pro owner, and the ways
// of inviting, accepting and reading what is stored. `testApp` and `owner` are live bindings,
// set by useInvitationsApp's beforeAll.

export const dayMs = 24 * 60 * 60 * 1000;
const unlimited = { windowSeconds: 3600, perWorkspace: 100_000, perOwner: 100_000 };

export let testApp: TestApp;
export let owner: SignedInUser;

/** One app and one Pro owner per file (its describe block's beforeAll and afterAll). */
export function useInvitationsApp() {
  beforeAll(async () => {
    // these files send far more invitations than an hour allows: the limit has its own tests
    testApp = await createTestApp({}, { ...relaxedAuthLimits, invitationLimits: unlimited });
    owner = await signUpAndSignIn(testApp, uniqueEmail("inv-owner"), { name: "Amina Diallo" });
    await setPlan(testApp, owner.id, "pro");
  });
  afterAll(() => testApp.close());
}

export const db = () => testApp.database.db;
export const errorOf = async (response: Response) =>
  errorBodySchema.parse(await response.json()).error;

/** a new workspace of `person` (inserted directly: the plan's workspace count is not tested here) */
export async function workspaceOf(person: SignedInUser, name = "Family Zakat"): Promise<string> {
  const [row] = await db().insert(workspaces).values({ name, createdBy: person.id }).returning();
  await db()
    .insert(workspaceMembers)
    .values({ workspaceId: row!.id, userId: person.id, role: "owner" });
  return row!.id;
}

export const invite = (
  person: SignedInUser,
  ws: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  person.request(`/api/workspaces/${ws}/invitations`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

export async function invited(person: SignedInUser, ws: string, body: Record<string, unknown>) {
  const response = await invite(person, ws, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return inviteResponseSchema.parse(await response.json());
}

/** invites `email` and returns the token from the e-mail that arrived */
export async function invitationToken(ws: string, email: string, by = owner): Promise<string> {
  const before = mailsTo(testApp, email).length;
  const result = await invited(by, ws, { email });
  expect(result).toMatchObject({ emailSent: true });
  return invitationTokenIn(await waitForMailNumber(testApp, email, before + 1)).token;
}

export const accept = (person: SignedInUser, token: unknown) =>
  person.json("POST", "/api/invitations/accept", { token });

/** every membership and invitation row: what "nothing stored" compares */
export async function snapshot() {
  const members = await db()
    .select({
      id: workspaceMembers.id,
      ws: workspaceMembers.workspaceId,
      user: workspaceMembers.userId,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .orderBy(asc(workspaceMembers.id));
  const invitations = await db()
    .select({ id: workspaceInvitations.id, status: workspaceInvitations.status })
    .from(workspaceInvitations)
    .orderBy(asc(workspaceInvitations.id));
  return { members, invitations };
}
