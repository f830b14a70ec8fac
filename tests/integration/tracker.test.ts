import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  milestoneChangeSchema,
  milestoneListSchema,
  trackerSettingsSchema,
  zakatDataSchema,
} from "../../src/contracts/zakat.ts";
import { workspaceMembers } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  add,
  errorOf,
  freshWorkspace,
  milestoneCount,
  stranger,
  testApp,
  useTrackerApp,
} from "./tracker-support.ts";

// The nisab tracker's API (API.md "zakat", "milestones", "obligations"; spec §4, §5, §7, §8):
// members only, the spec's rules and messages, nothing stored by a refused request, one
// transaction per change.
// This part: who may call, the empty state, refused input, the spec's steps, settings and the
// workspace lock.

describe(`nisab tracker API on ${testEngine()}`, () => {
  useTrackerApp();

  it("answers 404 to non-members on every route, whatever they send", async () => {
    const { base } = await freshWorkspace();
    const id = "00000000-0000-4000-8000-000000000000";
    const calls: [string, string, unknown?][] = [
      ["GET", `${base}/zakat`],
      ["POST", `${base}/zakat`, { milestones: [], obligations: [] }],
      ["PATCH", `${base}/zakat/settings`, { hawlRule: "hanafi" }],
      ["GET", `${base}/milestones`],
      ["POST", `${base}/milestones`, { date: "2026-03-01", title: "x", type: "threshold" }],
      ["POST", `${base}/milestones`, { nonsense: true }],
      ["DELETE", `${base}/milestones/${id}`],
      ["GET", `${base}/obligations`],
      ["POST", `${base}/obligations`, { amount: "10", category: "c", dueDate: "2026-03-01" }],
      ["POST", `${base}/obligations/${id}/payments`, { amount: "1" }],
      ["DELETE", `${base}/obligations/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await stranger.json(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const signedOut = await testApp.request(`${base}/zakat`);
    expect(signedOut.status).toBe(401);
  });

  it("starts empty: unknown status, no dates, zero totals, default settings", async () => {
    const { user, base } = await freshWorkspace();
    const data = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(data).toEqual({
      thresholdStatus: "unknown",
      nissabDate: null,
      nextZakatDate: null,
      zakatYearStart: null,
      milestones: [],
      obligations: [],
      totalDue: "0.00",
      totalPaid: "0.00",
      settings: { hawlRule: "majority", yearBasis: "hijri", currency: "EUR" },
    });
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const { user, ws, base } = await freshWorkspace();
    const bad = [
      { date: "2026-02-30", title: "x", type: "threshold" },
      { date: "01/03/2026", title: "x", type: "threshold" },
      { date: "2026-03-01", title: "   ", type: "threshold" },
      { date: "2026-03-01", title: "x", type: "birthday" },
      { date: "2026-03-01", title: "x", type: "threshold", extra: 1 },
      { title: "x", type: "threshold" },
      // outside the days the Umm al-Qura tables and the database handle: 400, never a 500
      { date: "0000-01-01", title: "x", type: "threshold" },
      { date: "1899-12-31", title: "x", type: "threshold" },
      { date: "9999-12-31", title: "x", type: "threshold" },
    ];
    for (const body of bad) {
      const response = await user.json("POST", `${base}/milestones`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
    }
    expect(await milestoneCount(ws)).toBe(0);
  });

  it("applies spec §4 and §5 step by step: threshold, reviews, threshold-down, new threshold", async () => {
    const { user, ws, base } = await freshWorkspace();

    // spec §5: a timeline cannot begin with a below-threshold milestone
    const first = await user.json("POST", `${base}/milestones`, {
      date: "2026-02-01",
      title: "Fell below",
      type: "threshold-down",
    });
    expect(first.status).toBe(409);
    expect(await errorOf(first)).toMatchObject({
      code: "THRESHOLD_REQUIRED",
      message:
        "Cannot start with a below threshold milestone. Please add a threshold milestone first.",
    });
    expect(await milestoneCount(ws)).toBe(0);

    const up = await add(user, base, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      reminders: { quarterly: true, monthly: false },
    });
    const threshold = up.milestones.find((m) => m.type === "threshold")!;
    expect(threshold.code).toMatch(/^ZT[0-9A-Z]+$/);
    // 2026-03-01 is 12 Ramadan 1447; 12 Ramadan 1448 is 2027-02-19 (Umm al-Qura)
    expect(threshold.endDate).toBe("2027-02-19");
    const reviews = up.milestones.filter((m) => m.parentCode === threshold.code);
    expect(reviews.map((r) => r.title)).toEqual([
      "25% Zakat Review",
      "50% Zakat Review",
      "75% Zakat Review",
      "100% Zakat Review",
    ]);
    expect(reviews.every((r) => r.type === "due")).toBe(true);
    expect(up.changed).toHaveLength(5);
    expect(up).toMatchObject({
      thresholdStatus: "above",
      nissabDate: "2026-03-01",
      zakatYearStart: "2026-03-01",
      nextZakatDate: "2026-03-01",
    });

    // spec §5: one threshold per calendar day
    const twice = await user.json("POST", `${base}/milestones`, {
      date: "2026-03-01",
      title: "Again",
      type: "threshold",
    });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toMatchObject({
      code: "DUPLICATE_THRESHOLD_DATE",
      message: "Cannot add a threshold milestone on the same date as another threshold milestone.",
    });
    expect(await milestoneCount(ws)).toBe(5);

    // spec §4: a threshold-down cancels the later due milestones of its threshold
    const down = await add(user, base, {
      date: "2026-07-15",
      title: "Fell below nisab",
      type: "threshold-down",
    });
    expect(down.thresholdStatus).toBe("below");
    expect(down.nissabDate).toBe("2026-07-15");
    const titles = down.milestones
      .filter((m) => m.parentCode === threshold.code && m.type === "due")
      .map((m) => [m.date, m.title]);
    expect(titles).toEqual([
      // Umm al-Qura months after 12 Ramadan 1447: 12 Dhu al-Hijjah 1447, 12 Rabi' al-Awwal,
      // 12 Jumada al-Akhirah and 12 Ramadan 1448
      ["2026-05-29", "25% Zakat Review"],
      ["2026-08-25", "50% Zakat Review (Cancelled)"],
      ["2026-11-22", "75% Zakat Review (Cancelled)"],
      ["2027-02-19", "100% Zakat Review (Cancelled)"],
    ]);
    // the stored rows say the same as the answer
    const stored = milestoneListSchema.parse(
      await (await user.request(`${base}/milestones`)).json(),
    );
    expect(stored).toEqual(down.milestones);

    // spec §5: only one threshold-down per threshold
    const secondDown = await user.json("POST", `${base}/milestones`, {
      date: "2026-08-01",
      title: "Below again",
      type: "threshold-down",
    });
    expect(secondDown.status).toBe(409);
    expect((await errorOf(secondDown)).code).toBe("DUPLICATE_THRESHOLD_DOWN");

    // a new threshold restarts the year (majority rule)
    const again = await add(user, base, {
      date: "2026-10-01",
      title: "Nisab regained",
      type: "threshold",
    });
    expect(again).toMatchObject({
      thresholdStatus: "above",
      nissabDate: "2026-10-01",
      zakatYearStart: "2026-10-01",
      nextZakatDate: "2026-10-01",
    });

    // spec §4: deleting a threshold deletes its children with it
    const removed = await user.json("DELETE", `${base}/milestones/${threshold.id}`);
    expect(removed.status).toBe(200);
    const afterRemoval = milestoneChangeSchema.parse(await removed.json());
    // itself, its 4 reviews and its threshold-down
    expect(afterRemoval.changed).toHaveLength(6);
    expect(afterRemoval.milestones.some((m) => m.parentCode === threshold.code)).toBe(false);
    expect(await milestoneCount(ws)).toBe(afterRemoval.milestones.length);

    const missing = await user.json("DELETE", `${base}/milestones/${threshold.id}`);
    expect(missing.status).toBe(404);
  });

  it("keeps exactly one threshold when two sessions add one on the same day at once", async () => {
    const { user, ws, base } = await freshWorkspace();
    const [a, b] = await Promise.all(
      ["Session A", "Session B"].map((title) =>
        user.json("POST", `${base}/milestones`, { date: "2026-05-05", title, type: "threshold" }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const loser = a!.status === 409 ? a! : b!;
    expect((await errorOf(loser)).code).toBe("DUPLICATE_THRESHOLD_DATE");
    expect(await milestoneCount(ws)).toBe(1);
  });

  it("settings: need the zakat state; the Hanafi rule keeps the year through a dip", async () => {
    const { user, base } = await freshWorkspace();
    const early = await user.json("PATCH", `${base}/zakat/settings`, { hawlRule: "hanafi" });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).code).toBe("NISSAB_DATE_REQUIRED");

    await add(user, base, { date: "2026-03-01", title: "Nisab reached", type: "threshold" });
    await add(user, base, { date: "2026-07-15", title: "Dip", type: "threshold-down" });
    const majority = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(majority.thresholdStatus).toBe("below");

    const patched = await user.json("PATCH", `${base}/zakat/settings`, {
      hawlRule: "hanafi",
      currency: "GBP",
    });
    expect(patched.status).toBe(200);
    expect(trackerSettingsSchema.parse(await patched.json())).toEqual({
      hawlRule: "hanafi",
      yearBasis: "hijri",
      currency: "GBP",
    });
    const hanafi = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    // under the Hanafi rule the dip does not reset the year: it still started on the threshold
    expect(hanafi.zakatYearStart).toBe("2026-03-01");
    expect(hanafi.settings.hawlRule).toBe("hanafi");

    const bad = await user.json("PATCH", `${base}/zakat/settings`, { hawlRule: "shafii" });
    expect(bad.status).toBe(400);
  });

  it("a member removed while their write waits for the workspace lock is refused, nothing stored", async () => {
    const { ws, base } = await freshWorkspace();
    const member = await signUpAndSignIn(testApp, uniqueEmail("tracker-member"));
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: ws, userId: member.id, role: "member" });

    // the removal holds the workspace's row lock (as remove-member.ts does) while the member's
    // add arrives: it passes the first membership check, then waits for the lock
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const removal = testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from workspaces where id = ${ws} for update`);
      locked();
      await released;
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, ws), eq(workspaceMembers.userId, member.id)));
    });
    await isLocked;
    const write = member.json("POST", `${base}/milestones`, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await removal;
    const response = await write;
    expect(response.status).toBe(404);
    expect(await milestoneCount(ws)).toBe(0);
  });
});
