import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calculationListSchema } from "../../src/contracts/calculations.ts";
import { zakatCalculations } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  testApp,
  useCalculationsApp,
  rowsOf,
  body,
  errorOf,
  create,
  workspaceWith,
} from "./calculations-support.ts";

// Saved calculations (API.md "calculations", spec §5 "Saving a calculation"): members only
// (404 for everyone else), the server's own totals, ids, versions, idempotency, pages, CSV.
// This part: history pages, the exact count, the CSV export.

describe(`/api/workspaces/:ws/calculations on ${testEngine()}`, () => {
  useCalculationsApp();

  describe("history pages", () => {
    it.each([
      [0, { totalCount: 0, totalPages: 0 }],
      [1, { totalCount: 1, totalPages: 1 }],
      [10, { totalCount: 10, totalPages: 1 }],
      [11, { totalCount: 11, totalPages: 2 }],
    ])("%i rows", async (n, counts) => {
      const { user, path } = await workspaceWith(n);
      const first = calculationListSchema.parse(await (await user.request(path)).json());
      expect(first).toMatchObject({ ...counts, page: 1 });
      expect(first.calculations.map((c) => c.name)).toEqual(
        Array.from({ length: Math.min(n, 10) }, (_v, i) => `calc ${n - i}`),
      );
      const second = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect(second).toMatchObject({ ...counts, page: 2 });
      expect(second.calculations.map((c) => c.name)).toEqual(n === 11 ? ["calc 1"] : []);
    });

    it("newest first with id breaking ties, no row twice across pages, summary fields only", async () => {
      const { user, path } = await workspaceWith(0);
      const wsId = path.split("/")[3]!;
      // 25 rows, all with the same created_at
      for (let i = 0; i < 25; i++) await create(user, { name: `same ${i}` }, path);
      await testApp.database.db
        .update(zakatCalculations)
        .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
        .where(eq(zakatCalculations.workspaceId, wsId));
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const list = calculationListSchema.parse(
          await (await user.request(`${path}?page=${page}`)).json(),
        );
        expect(list).toMatchObject({ totalCount: 25, totalPages: 3, page });
        seen.push(...list.calculations.map((c) => c.id));
      }
      expect(new Set(seen).size).toBe(25);
      expect(seen).toEqual([...seen].sort().reverse());
      const one = calculationListSchema.parse(await (await user.request(path)).json())
        .calculations[0]!;
      expect(Object.keys(one).sort()).toEqual(
        [
          "calculationDate",
          "createdAt",
          "createdBy",
          "currency",
          "id",
          "isAboveNissab",
          "isCompleted",
          "name",
          "nissabValue",
          "totalAssets",
          "totalLiabilities",
          "updatedAt",
          "version",
          "zakatDue",
          "zakatableAmount",
        ].sort(),
      );
    });

    it("?latest=N gives the N newest (1 ≤ N ≤ 20)", async () => {
      const { user, path } = await workspaceWith(23);
      const five = calculationListSchema.parse(
        await (await user.request(`${path}?latest=5`)).json(),
      );
      expect(five.calculations.map((c) => c.name)).toEqual([
        "calc 23",
        "calc 22",
        "calc 21",
        "calc 20",
        "calc 19",
      ]);
      expect(five).toMatchObject({ totalCount: 23, totalPages: 3, page: 1 });
      const twenty = calculationListSchema.parse(
        await (await user.request(`${path}?latest=20`)).json(),
      );
      expect(twenty.calculations).toHaveLength(20);
      for (const query of [
        "latest=0",
        "latest=21",
        "latest=abc",
        "page=0",
        "page=-1",
        "page=1.5",
        "page=x",
        "page=1&latest=2",
      ]) {
        const response = await user.request(`${path}?${query}`);
        expect(response.status, query).toBe(400);
        expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
      }
    });

    it("deleting the last row of the last page leaves that page empty (the client goes back one)", async () => {
      const { user, path } = await workspaceWith(11);
      const page2 = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect((await user.json("DELETE", `${path}/${page2.calculations[0]!.id}`)).status).toBe(204);
      const after = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect(after).toMatchObject({ calculations: [], totalCount: 10, totalPages: 1, page: 2 });
    });
  });

  describe("the exact count (calculation_counts, kept by triggers)", () => {
    const counted = async (workspaceId: string) => {
      const rows = await testApp.database.db.execute<{ counted: number; actual: number }>(sql`
        select
          (select count from calculation_counts where workspace_id = ${workspaceId})::int as counted,
          (select count(*) from zakat_calculations where workspace_id = ${workspaceId})::int as actual`);
      return rowsOf<{ counted: number; actual: number }>(rows)[0]!;
    };

    it("follows concurrent creates, bulk inserts, deletes, and refused saves", async () => {
      const { user, path } = await workspaceWith(7);
      const wsId = path.split("/")[3]!;
      expect(await counted(wsId)).toEqual({ counted: 7, actual: 7 });
      await Promise.all([1, 2, 3, 4, 5].map((i) => create(user, { name: `c${i}` }, path)));
      expect(await counted(wsId)).toEqual({ counted: 12, actual: 12 });
      const list = calculationListSchema.parse(await (await user.request(path)).json());
      await Promise.all(
        list.calculations.slice(0, 3).map((c) => user.json("DELETE", `${path}/${c.id}`)),
      );
      expect((await user.json("POST", path, body({ id: "nope" }))).status).toBe(400);
      expect(await counted(wsId)).toEqual({ counted: 9, actual: 9 });
      expect(calculationListSchema.parse(await (await user.request(path)).json()).totalCount).toBe(
        9,
      );
      await testApp.database.db
        .delete(zakatCalculations)
        .where(eq(zakatCalculations.workspaceId, wsId));
      expect(await counted(wsId)).toEqual({ counted: 0, actual: 0 });
    });

    it("goes with its workspace", async () => {
      const { path } = await workspaceWith(3);
      const wsId = path.split("/")[3]!;
      await testApp.database.db.execute(sql`delete from workspaces where id = ${wsId}`);
      const left = await testApp.database.db.execute(
        sql`select 1 from calculation_counts where workspace_id = ${wsId}`,
      );
      expect(rowsOf(left)).toHaveLength(0);
    });
  });

  describe("CSV export", () => {
    it("exports the history newest first, escaped, with formulas defused", async () => {
      const { user, path } = await workspaceWith(0);
      const names = [
        "Plain",
        'Quote " and, comma',
        "Line\nbreak",
        '=HYPERLINK("http://evil")',
        "+1",
        "-2",
        "@SUM(A1)",
        "زكاة ١٤٤٧",
      ];
      for (const name of names) await create(user, { name, isCompleted: name !== "Plain" }, path);
      const response = await user.request(`${path}.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="hawl-calculations-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = (await response.text()).replace(/^\uFEFF/, "");
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "Name,Date,Status,Currency,Total assets,Total liabilities,Zakatable amount,Nisab value,Above nisab,Zakat due,Created at",
      );
      expect(lines.at(-1)).toBe("");
      const rows = text.slice(lines[0]!.length + 2);
      expect(rows).toContain(
        '"Quote "" and, comma",2026-03-01,Completed,EUR,14100.00,1000.00,13100.00,565.25,yes,327.50,',
      );
      expect(rows).toContain('"Line\nbreak",');
      expect(rows).toContain(`"'=HYPERLINK(""http://evil"")",`);
      expect(rows).toContain("\r\n'+1,");
      expect(rows).toContain("\r\n'-2,");
      expect(rows).toContain("\r\n'@SUM(A1),");
      expect(rows).toContain("Plain,2026-03-01,Draft,");
      // newest first: the last one created comes first
      expect(rows.startsWith("زكاة ١٤٤٧,")).toBe(true);
      expect(rows.trimEnd().endsWith(lines.at(-2)!)).toBe(true);
      expect(lines.at(-2)!.startsWith("Plain,")).toBe(true);
    });

    it("exports every row across batches of 1000", async () => {
      const { user, path } = await workspaceWith(2_345);
      const text = await (await user.request(`${path}.csv`)).text();
      const lines = text.split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(1 + 2_345);
      expect(lines[1]!.startsWith("calc 2345,")).toBe(true);
      expect(lines.at(-1)!.startsWith("calc 1,")).toBe(true);
      expect(new Set(lines).size).toBe(lines.length);
    });

    it("an empty history is the header alone", async () => {
      const { user, path } = await workspaceWith(0);
      const text = await (await user.request(`${path}.csv`)).text();
      expect(text.split("\r\n")).toHaveLength(2);
    });
  });
});
