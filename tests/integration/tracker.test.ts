import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import {
  milestoneChangeSchema,
  milestoneListSchema,
  obligationListSchema,
  obligationSchema,
  trackerSettingsSchema,
  zakatDataSchema,
  type MilestoneChange,
  type MilestoneDto,
} from "../../src/contracts/zakat.ts";
import {
  milestones,
  obligations,
  workspaceMembers,
  zakatStates,
} from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// The nisab tracker's API (API.md "zakat", "milestones", "obligations"; spec §4, §5, §7, §8):
// members only, the spec's rules and messages, nothing stored by a refused request, one
// transaction per change.

describe(`nisab tracker API on ${testEngine()}`, () => {
  let testApp: TestApp;
  let stranger: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    stranger = await signUpAndSignIn(testApp, uniqueEmail("tracker-stranger"));
  });
  afterAll(() => testApp.close());

  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  /** a fresh account and its workspace */
  async function freshWorkspace(prefix = "tracker") {
    const user = await signUpAndSignIn(testApp, uniqueEmail(prefix));
    const [workspace] = workspaceListSchema.parse(
      await (await user.request("/api/workspaces")).json(),
    );
    return { user, ws: workspace!.id, base: `/api/workspaces/${workspace!.id}` };
  }

  async function add(
    user: SignedInUser,
    base: string,
    milestone: Record<string, unknown>,
  ): Promise<MilestoneChange> {
    const response = await user.json("POST", `${base}/milestones`, milestone);
    expect(response.status, await response.clone().text()).toBe(201);
    return milestoneChangeSchema.parse(await response.json());
  }

  const milestoneCount = (ws: string) =>
    testApp.database.db.$count(milestones, eq(milestones.workspaceId, ws));

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

  it("records: need a nissab date first, then add, pay in part, refuse overpayment, delete", async () => {
    const { user, ws, base } = await freshWorkspace();
    const record = { amount: "327.50", category: "Zakat 1447", dueDate: "2027-02-19" };

    const early = await user.json("POST", `${base}/obligations`, record);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatchObject({
      code: "NISSAB_DATE_REQUIRED",
      message: "Nissab date is required to create a zakat state. Please set a nissab date first.",
    });
    expect(await testApp.database.db.$count(obligations, eq(obligations.workspaceId, ws))).toBe(0);

    await add(user, base, { date: "2026-03-01", title: "Nisab reached", type: "threshold" });
    const created = await user.json("POST", `${base}/obligations`, record);
    expect(created.status).toBe(201);
    const obligation = obligationSchema.parse(await created.json());
    expect(obligation).toMatchObject({ ...record, priority: "medium", paidAmount: "0.00" });

    for (const bad of [
      { ...record, amount: "0" },
      { ...record, amount: "-1" },
      { ...record, amount: "1e3" },
      { ...record, amount: "1.234,56" },
      { ...record, category: " " },
      { ...record, dueDate: "tomorrow" },
      { ...record, priority: "urgent" },
    ]) {
      const response = await user.json("POST", `${base}/obligations`, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }

    const paid = await user.json("POST", `${base}/obligations/${obligation.id}/payments`, {
      amount: "100",
      paidOn: "2027-01-10",
    });
    expect(paid.status).toBe(201);
    expect(obligationSchema.parse(await paid.json()).paidAmount).toBe("100.00");

    const tooMuch = await user.json("POST", `${base}/obligations/${obligation.id}/payments`, {
      amount: "227.51",
    });
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch)).fields).toEqual({ amount: "exceeds_remaining" });

    const rest = await user.json("POST", `${base}/obligations/${obligation.id}/payments`, {
      amount: "227.50",
    });
    expect(obligationSchema.parse(await rest.json()).paidAmount).toBe("327.50");

    const data = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(data).toMatchObject({ totalDue: "327.50", totalPaid: "327.50" });
    const [state] = await testApp.database.db
      .select()
      .from(zakatStates)
      .where(eq(zakatStates.workspaceId, ws));
    expect(Number(state!.totalDue)).toBe(327.5);
    expect(Number(state!.totalPaid)).toBe(327.5);

    const deleted = await user.json("DELETE", `${base}/obligations/${obligation.id}`);
    expect(deleted.status).toBe(204);
    const list = obligationListSchema.parse(
      await (await user.request(`${base}/obligations`)).json(),
    );
    expect(list).toEqual([]);
    const after = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(after).toMatchObject({ totalDue: "0.00", totalPaid: "0.00" });
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

  it("syncs by id in one transaction; a sync failing midway leaves the previous state whole", async () => {
    const { user, ws, base } = await freshWorkspace();
    await add(user, base, { date: "2026-03-01", title: "Nisab reached", type: "threshold" });
    const before = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    const kept = before.milestones[0]!;

    const synced = await user.json("POST", `${base}/zakat`, {
      milestones: [
        { ...kept, title: "Nisab reached (renamed)" },
        { date: "2026-04-01", title: "Check savings", type: "due" },
      ],
      obligations: [{ amount: "50", category: "Fitr", dueDate: "2026-03-20" }],
    });
    expect(synced.status, await synced.clone().text()).toBe(200);
    const data = zakatDataSchema.parse(await synced.json());
    expect(data.milestones.map((m) => [m.id === kept.id, m.title])).toEqual([
      [true, "Nisab reached (renamed)"],
      [false, "Check savings"],
    ]);
    expect(data.obligations).toHaveLength(1);
    expect(data.totalDue).toBe("50.00");

    // the milestones' part deletes "Check savings", then the records' part is refused: the
    // deletion is undone with it
    const [fitr] = data.obligations;
    const paid = await user.json("POST", `${base}/obligations/${fitr!.id}/payments`, {
      amount: "20",
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const whole = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    const failing = await user.json("POST", `${base}/zakat`, {
      milestones: [whole.milestones[0]],
      obligations: [{ id: fitr!.id, amount: "5", category: "Fitr", dueDate: "2026-03-20" }],
    });
    expect(failing.status).toBe(400);
    expect((await errorOf(failing)).fields).toEqual({ obligations: "below_paid" });
    const after = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(after).toEqual(whole);

    // duplicate ids in one request are a validation error, not a half sync
    const dup = await user.json("POST", `${base}/zakat`, {
      milestones: [data.milestones[0], data.milestones[0]],
      obligations: [],
    });
    expect(dup.status).toBe(400);
    expect(await milestoneCount(ws)).toBe(2);
  });

  it("an id another workspace holds gets exactly the answer of an id nobody holds (sync, delete, pay)", async () => {
    const other = await freshWorkspace("tracker-victim");
    const theirMilestone = (
      await add(other.user, other.base, { date: "2026-01-01", title: "Theirs", type: "threshold" })
    ).milestones[0]!;
    const theirRecord = obligationSchema.parse(
      await (
        await other.user.json("POST", `${other.base}/obligations`, {
          amount: "40",
          category: "Theirs",
          dueDate: "2026-02-01",
        })
      ).json(),
    );
    const theirsBefore = await (await other.user.request(`${other.base}/zakat`)).json();

    // the same requests with their ids and with random ids, each in a fresh workspace
    const answers = async (ids: { milestone: string; record: string }) => {
      const { user, base } = await freshWorkspace();
      const body = {
        milestones: [{ id: ids.milestone, date: "2026-03-01", title: "Mine", type: "threshold" }],
        obligations: [{ id: ids.record, amount: "12", category: "Mine", dueDate: "2026-03-10" }],
      };
      const first = await user.json("POST", `${base}/zakat`, body);
      const again = await user.json("POST", `${base}/zakat`, body);
      const pay = await user.json("POST", `${base}/obligations/${ids.record}/payments`, {
        amount: "1",
      });
      const deleteMilestone = await user.request(`${base}/milestones/${ids.milestone}`, {
        method: "DELETE",
      });
      const deleteRecord = await user.request(`${base}/obligations/${ids.record}`, {
        method: "DELETE",
      });
      const synced = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
      const shape = async (response: Response) => ({
        status: response.status,
        // ids and instants differ between any two workspaces; everything else must not
        body: (await response.text())
          .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
          .replaceAll(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<instant>"),
      });
      return {
        sentIdsKept:
          synced.milestones.some((m) => m.id === ids.milestone) ||
          synced.obligations.some((o) => o.id === ids.record),
        answers: [
          await shape(first),
          await shape(again),
          await shape(pay),
          await shape(deleteMilestone),
          await shape(deleteRecord),
        ],
      };
    };
    const foreign = await answers({ milestone: theirMilestone.id, record: theirRecord.id });
    const unknown = await answers({ milestone: crypto.randomUUID(), record: crypto.randomUUID() });
    expect(foreign).toEqual(unknown);
    expect(foreign.answers.map((a) => a.status)).toEqual([200, 200, 404, 404, 404]);
    expect(foreign.sentIdsKept).toBe(false);
    // and the other workspace is untouched
    expect(await (await other.user.request(`${other.base}/zakat`)).json()).toEqual(theirsBefore);
  });

  it("a sync follows the same rules: no orphan threshold-down, no amount below what was paid", async () => {
    const { user, ws, base } = await freshWorkspace();
    const orphan = await user.json("POST", `${base}/zakat`, {
      milestones: [{ date: "2026-02-01", title: "Fell below", type: "threshold-down" }],
      obligations: [],
    });
    expect(orphan.status).toBe(409);
    expect((await errorOf(orphan)).code).toBe("THRESHOLD_REQUIRED");
    expect(await milestoneCount(ws)).toBe(0);

    await add(user, base, { date: "2026-03-01", title: "Nisab reached", type: "threshold" });
    const twoDips = await user.json("POST", `${base}/zakat`, {
      milestones: [
        { date: "2026-03-01", title: "Nisab reached", type: "threshold" },
        { date: "2026-04-01", title: "Dip", type: "threshold-down" },
        { date: "2026-05-01", title: "Dip again", type: "threshold-down" },
      ],
      obligations: [],
    });
    expect(twoDips.status).toBe(409);
    expect((await errorOf(twoDips)).code).toBe("DUPLICATE_THRESHOLD_DOWN");
    expect(await milestoneCount(ws)).toBe(1);

    const created = await user.json("POST", `${base}/obligations`, {
      amount: "10",
      category: "Fitr",
      dueDate: "2026-04-01",
    });
    const record = obligationSchema.parse(await created.json());
    await user.json("POST", `${base}/obligations/${record.id}/payments`, { amount: "10" });
    const data = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    const lowered = await user.json("POST", `${base}/zakat`, {
      milestones: data.milestones,
      obligations: [{ id: record.id, amount: "1", category: "Fitr", dueDate: "2026-04-01" }],
    });
    expect(lowered.status).toBe(400);
    expect((await errorOf(lowered)).fields).toEqual({ obligations: "below_paid" });
    const after = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
    expect(after).toEqual(data);
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
  describe("issue 11: tracker correctness", () => {
    const at = (iso: string) => testApp.setNow(new Date(iso));
    afterAll(() => testApp.setNow(null));

    it("refuses a threshold or threshold-down dated after the person's today; due dates may be later", async () => {
      const { user, ws, base } = await freshWorkspace();
      at("2026-11-23T12:00:00Z");
      await add(user, base, { date: "2025-10-21", title: "Nisab reached", type: "threshold" });

      for (const [type, date, today] of [
        ["threshold", "2027-01-14", "2026-11-23"],
        ["threshold", "2026-11-24", undefined], // the server's UTC day
        ["threshold-down", "2026-11-24", "2026-11-23"],
        // a today more than a day off the server's is not believed
        ["threshold", "2027-01-14", "2027-01-14"],
      ] as const) {
        const response = await user.json("POST", `${base}/milestones`, {
          date,
          title: "x",
          type,
          today,
        });
        expect(response.status, `${type} ${date}`).toBe(409);
        expect((await errorOf(response)).code).toBe("FUTURE_THRESHOLD_DATE");
      }
      expect(await milestoneCount(ws)).toBe(1);
      await add(user, base, { date: "2027-01-14", title: "Pay", type: "due", today: "2026-11-23" });

      // late evening in UTC is already tomorrow east of it: that person's today is accepted
      at("2026-11-23T23:30:00Z");
      const east = await add(user, base, {
        date: "2026-11-24",
        title: "Nisab reached",
        type: "threshold",
        today: "2026-11-24",
      });
      expect(east.zakatYearStart).toBe("2026-11-24");

      // the sync applies the same rule to what it writes
      const data = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
      const future = await user.json("POST", `${base}/zakat`, {
        milestones: [
          ...data.milestones,
          { date: "2027-01-14", title: "Later", type: "threshold", code: "ZTFUTURE" },
        ],
        obligations: [],
        today: "2026-11-24",
      });
      expect(future.status).toBe(409);
      expect((await errorOf(future)).code).toBe("FUTURE_THRESHOLD_DATE");
      const after = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
      expect(after).toEqual(data);
    });

    it("a sync keeps a stored row as it was even if dated later than today (rows of before the rule)", async () => {
      const { user, ws, base } = await freshWorkspace();
      at("2026-11-23T12:00:00Z");
      await testApp.database.db.insert(milestones).values({
        workspaceId: ws,
        date: "2027-01-14",
        title: "Old future threshold",
        type: "threshold",
        code: "ZTOLD",
        endDate: "2028-01-03",
      });
      const data = zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json());
      const kept = await user.json("POST", `${base}/zakat`, {
        milestones: data.milestones,
        obligations: [],
      });
      expect(kept.status, await kept.clone().text()).toBe(200);
    });

    it("undoes a removal: the threshold and its linked milestones come back in one go, under ids of their own", async () => {
      const { user, ws, base } = await freshWorkspace();
      at("2026-11-23T12:00:00Z");
      await add(user, base, {
        date: "2026-03-01",
        title: "Nisab reached",
        type: "threshold",
        titleCode: "nisab-reached",
        reminders: { quarterly: true, monthly: false },
      });
      const down = await add(user, base, {
        date: "2026-06-10",
        title: "Fell below nisab",
        type: "threshold-down",
        titleCode: "nisab-below",
      });
      const own = await add(user, base, { date: "2026-09-01", title: "Mine", type: "due" });
      const before = own.milestones;
      expect(before).toHaveLength(7);
      expect(down.milestones.filter((m) => m.title.endsWith(" (Cancelled)"))).toHaveLength(3);

      const threshold = before.find((m) => m.type === "threshold")!;
      const removed = milestoneChangeSchema.parse(
        await (await user.json("DELETE", `${base}/milestones/${threshold.id}`)).json(),
      );
      expect(await milestoneCount(ws)).toBe(1);
      const taken = before.filter((m) => removed.changed.includes(m.id));
      expect(taken).toHaveLength(6);

      const withoutIds = (list: MilestoneDto[]) => list.map(({ id: _id, ...rest }) => rest);
      const restore = await user.json("POST", `${base}/milestones/restore`, { milestones: taken });
      expect(restore.status, await restore.clone().text()).toBe(200);
      const restored = milestoneChangeSchema.parse(await restore.json());
      expect(withoutIds(restored.milestones)).toEqual(withoutIds(before));
      // new ids, returned so the web updates
      expect(restored.changed).toHaveLength(6);
      for (const id of restored.changed) expect(taken.map((m) => m.id)).not.toContain(id);
      expect(restored.milestones.map((m) => m.id)).toEqual(
        expect.arrayContaining([own.milestones.find((m) => m.title === "Mine")!.id]),
      );
      const stored = milestoneListSchema.parse(
        await (await user.request(`${base}/milestones`)).json(),
      );
      expect(stored).toEqual(restored.milestones);

      // a second undo changes nothing
      const again = milestoneChangeSchema.parse(
        await (await user.json("POST", `${base}/milestones/restore`, { milestones: taken })).json(),
      );
      expect(again.changed).toEqual([]);
      expect(await milestoneCount(ws)).toBe(7);

      // the threshold-down alone: its threshold's later reviews are cancelled again
      const downRow = restored.milestones.find((m) => m.type === "threshold-down")!;
      await user.json("DELETE", `${base}/milestones/${downRow.id}`);
      const back = milestoneChangeSchema.parse(
        await (
          await user.json("POST", `${base}/milestones/restore`, { milestones: [downRow] })
        ).json(),
      );
      expect(withoutIds(back.milestones)).toEqual(withoutIds(before));
      const threshold2 = back.milestones.find((m) => m.type === "threshold")!;

      // an id another workspace holds is answered exactly like a random one (issue 10 defect 7)
      const other = await freshWorkspace();
      const foreign = await add(other.user, other.base, {
        date: "2026-01-05",
        title: "B",
        type: "due",
      });
      const restoreAs = async (id: string) => {
        const res = await user.json("POST", `${base}/milestones/restore`, {
          milestones: [{ ...foreign.milestones[0]!, id, title: "Mine now" }],
        });
        const text = await res.text();
        const change = milestoneChangeSchema.parse(JSON.parse(text));
        expect(change.changed).toHaveLength(1);
        expect(change.changed[0]).not.toBe(id);
        const newId = change.changed[0]!;
        await user.json("DELETE", `${base}/milestones/${newId}`);
        return { status: res.status, text: text.replaceAll(newId, "NEW") };
      };
      const foreignAnswer = await restoreAs(foreign.milestones[0]!.id);
      const randomAnswer = await restoreAs(crypto.randomUUID());
      expect(foreignAnswer.status).toBe(200);
      expect(foreignAnswer).toEqual(randomAnswer);
      expect(
        milestoneListSchema.parse(
          await (await other.user.request(`${other.base}/milestones`)).json(),
        ),
      ).toEqual(foreign.milestones);

      // refused when the rules no longer hold: nothing is written
      await user.json("DELETE", `${base}/milestones/${threshold2.id}`);
      await add(user, base, { date: "2026-03-01", title: "Other", type: "threshold" });
      const clash = await user.json("POST", `${base}/milestones/restore`, { milestones: taken });
      expect(clash.status).toBe(409);
      expect((await errorOf(clash)).code).toBe("DUPLICATE_THRESHOLD_DATE");
      expect(await milestoneCount(ws)).toBe(2);
    });

    it("stores what a generated milestone is: codes and parameters, not only the creator's words", async () => {
      const { user, base } = await freshWorkspace();
      at("2026-11-23T12:00:00Z");
      const up = await add(user, base, {
        date: "2026-03-01",
        title: "Nisab reached",
        type: "threshold",
        titleCode: "nisab-reached",
        language: "en",
        reminders: { quarterly: true, monthly: true },
      });
      const typed = await add(user, base, {
        date: "2026-04-01",
        title: "Nisab reached",
        type: "due",
        titleCode: "nisab-reached",
      });
      const byDate = (d: string) => typed.milestones.find((m) => m.date === d)!;
      expect(up.milestones[0]).toMatchObject({ titleCode: "nisab-reached", titleParams: null });
      expect(byDate("2026-05-29")).toMatchObject({
        title: "25% Zakat Review",
        titleCode: "review-quarterly",
        titleParams: { percent: 25 },
      });
      expect(up.milestones.filter((m) => m.titleCode === "review-monthly")).toHaveLength(8);
      // a due milestone cannot claim a threshold's title code: its title stays as typed
      expect(typed.milestones.find((m) => m.type === "due" && m.parentCode === null)).toMatchObject(
        { titleCode: null },
      );
    });

    it("the migration gives existing generated rows their codes and leaves typed titles alone", async () => {
      const { ws } = await freshWorkspace();
      const db = testApp.database.db;
      const row = (date: string, title: string, type: "threshold" | "threshold-down" | "due") => ({
        workspaceId: ws,
        date,
        title,
        type,
        code: "ZTMIG",
        parentCode: type === "threshold" ? null : "ZTMIG",
        endDate: type === "threshold" ? "2027-02-19" : null,
      });
      await db
        .insert(milestones)
        .values([
          row("2026-03-01", "Nisab atteint", "threshold"),
          row("2026-05-29", "Bilan de zakat à 25 %", "due"),
          row("2026-04-01", "Monthly Zakat Review", "due"),
          row("2026-06-10", "Onder de nisab gezakt", "threshold-down"),
          row("2026-08-25", "Zakatcontrole 50% (Cancelled)", "due"),
          row("2026-09-01", "My own review", "due"),
        ]);
      const migration = readFileSync(
        new URL("../../drizzle/0008_milestone_title_codes_backfill.sql", import.meta.url),
        "utf8",
      );
      for (const statement of migration.split("--> statement-breakpoint")) {
        await db.execute(sql.raw(statement));
      }
      const rows = await db
        .select({
          title: milestones.title,
          titleCode: milestones.titleCode,
          titleParams: milestones.titleParams,
        })
        .from(milestones)
        .where(eq(milestones.workspaceId, ws))
        .orderBy(milestones.date);
      expect(rows).toEqual([
        { title: "Nisab atteint", titleCode: "nisab-reached", titleParams: null },
        { title: "Monthly Zakat Review", titleCode: "review-monthly", titleParams: { month: 1 } },
        {
          title: "Bilan de zakat à 25 %",
          titleCode: "review-quarterly",
          titleParams: { percent: 25 },
        },
        { title: "Onder de nisab gezakt", titleCode: "nisab-below", titleParams: null },
        {
          title: "Zakatcontrole 50% (Cancelled)",
          titleCode: "review-quarterly",
          titleParams: { percent: 50 },
        },
        { title: "My own review", titleCode: null, titleParams: null },
      ]);
    });
  });
});
