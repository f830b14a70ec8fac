import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  milestoneChangeSchema,
  milestoneListSchema,
  zakatDataSchema,
  type MilestoneDto,
} from "../../src/contracts/zakat.ts";
import { milestones } from "../../src/server/db/schema.ts";
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
// This part: issue 11's corrections (dates after today, undo of a removal, generated titles).

describe(`nisab tracker API on ${testEngine()}`, () => {
  useTrackerApp();

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
