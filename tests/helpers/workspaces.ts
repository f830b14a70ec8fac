import { eq } from "drizzle-orm";
import { workspaceListSchema, type Workspace } from "../../src/contracts/workspaces.ts";
import type { PlanId } from "../../src/domain/plans.ts";
import { profiles, user } from "../../src/server/db/schema.ts";
import { decodeMail, type DecodedMail } from "../e2e/support/mime.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "./accounts.ts";
import type { ReceivedMail } from "./smtp.ts";
import type { TestApp } from "./test-app.ts";

/** Gives the account a plan, as a payment will (the profile's stored plan). */
export async function setPlan(testApp: TestApp, userId: string, plan: PlanId): Promise<void> {
  await testApp.database.db.update(profiles).set({ plan }).where(eq(profiles.id, userId));
}

/** Marks the account's e-mail unverified again; its open sessions stay in the database. */
export async function unverify(testApp: TestApp, userId: string): Promise<void> {
  await testApp.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, userId));
}

export async function workspacesOf(person: SignedInUser): Promise<Workspace[]> {
  const response = await person.request("/api/workspaces");
  if (response.status !== 200) throw new Error(`GET /api/workspaces: ${response.status}`);
  return workspaceListSchema.parse(await response.json());
}

/** A new account, signed in, with its personal workspace: its id and its API address. */
export async function newTenant(testApp: TestApp, prefix: string) {
  const user = await signUpAndSignIn(testApp, uniqueEmail(prefix));
  const [workspace] = await workspacesOf(user);
  return { user, ws: workspace!.id, base: `/api/workspaces/${workspace!.id}` };
}

export type Mail = DecodedMail & { to: string[]; raw: string };

/** Every message the SMTP peer received for `to`, decoded, oldest first. */
export function mailsTo(testApp: TestApp, to: string): Mail[] {
  return testApp.smtp.messages
    .filter((m: ReceivedMail) => m.to.includes(to.toLowerCase()))
    .map((m) => ({ to: m.to, raw: m.raw, ...decodeMail(m.raw) }));
}

/** Waits for the `count`-th message to `to` (1 = the first) and returns it decoded. */
export async function waitForMailNumber(
  testApp: TestApp,
  to: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(testApp, to);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token of the first /accept-invitation link (any language prefix) in the message. */
export function invitationTokenIn(mail: Mail): { path: string; token: string } {
  for (const link of mail.links) {
    const url = new URL(link);
    if (/^\/(fr\/|nl\/)?accept-invitation$/.test(url.pathname)) {
      return { path: url.pathname, token: url.searchParams.get("token") ?? "" };
    }
  }
  throw new Error(`no accept-invitation link in the message to ${mail.to.join(", ")}`);
}
