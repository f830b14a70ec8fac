import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  obligationListSchema,
  obligationSchema,
  zakatDataSchema,
} from "../../src/contracts/zakat.ts";
import { obligations, zakatStates } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  add,
  errorOf,
  freshWorkspace,
  milestoneCount,
  testApp,
  useTrackerApp,
} from "./tracker-support.ts";

// The nisab tracker's API (API.md "zakat", "milestones", "obligations"; spec §4, §5, §7, §8):
// members only, the spec's rules and messages, nothing stored by a refused request, one
// transaction per change.
// This part: records and payments, and the sync of the whole tracker.

describe(`nisab tracker API on ${testEngine()}`, () => {
  useTrackerApp();

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
});
