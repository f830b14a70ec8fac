import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { milestoneChangeSchema, zakatDataSchema } from "../../src/contracts/zakat.ts";
import { milestones } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant } from "../helpers/workspaces.ts";

// Issue 30 #6 (decision 052): a second "nisab reached" while wealth is above nisab, inside the
// running year, is refused by the add-milestone route and by the sync route with a stable code
// and the day it clashes with, and nothing is stored. A "fell below" before the first threshold
// says so, naming that threshold's day.

describe(`the nisab sequence on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const count = (ws: string) =>
    testApp.database.db.$count(milestones, eq(milestones.workspaceId, ws));
  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  it("the add-milestone route refuses a second threshold while above, and an early dip", async () => {
    const { user, ws, base } = await newTenant(testApp, "sequence-add");
    const post = (date: string, type: string) =>
      user.json("POST", `${base}/milestones`, { date, title: "x", type });
    // [date, type, expected status, expected error]
    const steps: [string, string, number, object?][] = [
      ["2025-08-10", "threshold", 201],
      [
        "2025-09-01",
        "threshold",
        409,
        {
          code: "THRESHOLD_ALREADY_REACHED",
          message: expect.stringContaining("already exceeded on 10 August 2025"),
          fields: { date: "THRESHOLD_ALREADY_REACHED", ruleDate: "2025-08-10" },
        },
      ],
      [
        "2025-08-01",
        "threshold-down",
        409,
        {
          code: "BELOW_BEFORE_THRESHOLD",
          message:
            "A 'Fell below threshold' must come after the threshold was exceeded (10 August 2025).",
          fields: { ruleDate: "2025-08-10" },
        },
      ],
      // after a dip, the nisab can be reached again
      ["2025-08-20", "threshold-down", 201],
      ["2025-09-01", "threshold", 201],
    ];
    let stored = 0;
    for (const [date, type, status, error] of steps) {
      const response = await post(date, type);
      expect(response.status, `${date} ${type}`).toBe(status);
      if (error) expect(await errorOf(response)).toMatchObject(error);
      else milestoneChangeSchema.parse(await response.json());
      if (status === 201) stored++;
      expect(await count(ws)).toBe(stored);
    }
  });

  it("the sync route refuses a timeline with two thresholds in one year and stores nothing", async () => {
    const { user, ws, base } = await newTenant(testApp, "sequence-sync");
    const response = await user.json("POST", `${base}/zakat`, {
      milestones: [
        { date: "2025-08-10", title: "Nisab reached", type: "threshold" },
        { date: "2025-09-01", title: "Nisab reached", type: "threshold" },
      ],
      obligations: [],
    });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: "THRESHOLD_ALREADY_REACHED",
      fields: { ruleDate: "2025-08-10" },
    });
    expect(await count(ws)).toBe(0);

    const fine = await user.json("POST", `${base}/zakat`, {
      milestones: [
        { date: "2025-08-10", title: "Nisab reached", type: "threshold" },
        { date: "2025-08-20", title: "Fell below", type: "threshold-down" },
        { date: "2025-09-01", title: "Nisab reached", type: "threshold" },
      ],
      obligations: [],
    });
    expect(fine.status, await fine.clone().text()).toBe(200);
    expect(zakatDataSchema.parse(await fine.json()).milestones).toHaveLength(3);
  });
});
