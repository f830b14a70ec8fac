import { expect, type APIRequestContext } from "@playwright/test";
import { workspaceListSchema } from "../../../src/contracts/workspaces.ts";
import { baseURL } from "./ports.ts";

/** Adds a milestone to the signed-in person's first workspace through the API. */
export async function addMilestone(
  request: APIRequestContext,
  milestone: { date: string; title: string; type: string; titleCode?: string; today?: string },
): Promise<void> {
  const [workspace] = workspaceListSchema.parse(
    await (await request.get("/api/workspaces")).json(),
  );
  const added = await request.post(`/api/workspaces/${workspace!.id}/milestones`, {
    headers: { origin: baseURL },
    data: milestone,
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
}
