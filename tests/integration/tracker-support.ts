import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { milestoneChangeSchema, type MilestoneChange } from "../../src/contracts/zakat.ts";
import { milestones } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// What the tracker tests share (tracker*.test.ts): the app, an account that is a member of no
// workspace of the tests, and the ways of making a workspace, adding a milestone and counting
// them. `testApp` and `stranger` are live bindings, set by useTrackerApp's beforeAll.

export let testApp: TestApp;
export let stranger: SignedInUser;

/** One app per file (its describe block's beforeAll and afterAll). */
export function useTrackerApp() {
  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    stranger = await signUpAndSignIn(testApp, uniqueEmail("tracker-stranger"));
  });
  afterAll(() => testApp.close());
}

export const errorOf = async (response: Response) =>
  errorBodySchema.parse(await response.json()).error;

/** a fresh account and its workspace */
export async function freshWorkspace(prefix = "tracker") {
  const user = await signUpAndSignIn(testApp, uniqueEmail(prefix));
  const [workspace] = workspaceListSchema.parse(
    await (await user.request("/api/workspaces")).json(),
  );
  return { user, ws: workspace!.id, base: `/api/workspaces/${workspace!.id}` };
}

export async function add(
  user: SignedInUser,
  base: string,
  milestone: Record<string, unknown>,
): Promise<MilestoneChange> {
  const response = await user.json("POST", `${base}/milestones`, milestone);
  expect(response.status, await response.clone().text()).toBe(201);
  return milestoneChangeSchema.parse(await response.json());
}

export const milestoneCount = (ws: string) =>
  testApp.database.db.$count(milestones, eq(milestones.workspaceId, ws));
