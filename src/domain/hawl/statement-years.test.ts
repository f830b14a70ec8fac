import { describe, expect, it } from "vitest";
import { addHijriYear } from "./hijri.ts";
import { plainMilestone, type Milestone } from "./milestone.ts";
import {
  statementCalculation,
  statementYears,
  yearOfDate,
  yearTimeline,
  type CalculationCandidate,
} from "./statement-years.ts";

const threshold = (id: string, date: string): Milestone =>
  plainMilestone({ id, date, title: id, type: "threshold", endDate: addHijriYear(date) });
const down = (id: string, date: string): Milestone =>
  plainMilestone({ id, date, title: id, type: "threshold-down" });

describe("statementYears", () => {
  it("names each unbroken threshold's year by its due date, with the Hijri year of that day", () => {
    const years = statementYears([threshold("t1", "2024-03-11")], "majority", "hijri");
    expect(years).toEqual([
      { thresholdId: "t1", start: "2024-03-11", due: "2025-03-01", hijriYear: 1446 },
    ]);
  });

  it("drops a year a dip broke under the majority rule, keeps it under the Hanafi rule", () => {
    const timeline = [
      threshold("t1", "2024-03-11"),
      down("d1", "2024-06-01"),
      threshold("t2", "2024-07-01"),
    ];
    expect(statementYears(timeline, "majority", "hijri").map((y) => y.thresholdId)).toEqual(["t2"]);
    expect(statementYears(timeline, "hanafi", "hijri").map((y) => y.thresholdId)).toEqual([
      "t1",
      "t2",
    ]);
  });

  it("drops a year whose due date finds the wealth below nisab (Hanafi)", () => {
    const timeline = [threshold("t1", "2024-03-11"), down("d1", "2024-06-01")];
    expect(statementYears(timeline, "hanafi", "hijri")).toEqual([]);
  });

  it("counts 365 days on the Gregorian basis", () => {
    const [year] = statementYears([threshold("t1", "2024-03-11")], "majority", "gregorian");
    expect(year?.due).toBe("2025-03-11");
  });
});

describe("yearOfDate and statementCalculation", () => {
  const years = [{ due: "2025-02-28" }, { due: "2026-02-17" }];
  const calc = (id: string, calculationDate: string, more: Partial<CalculationCandidate> = {}) => ({
    id,
    calculationDate,
    isCompleted: true,
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...more,
  });

  it("gives a date to the year whose due date is nearest, the earlier on a tie", () => {
    expect(yearOfDate("2025-09-01", years)?.due).toBe("2026-02-17");
    expect(yearOfDate("2025-08-01", years)?.due).toBe("2025-02-28");
    // 2025-08-24 is 177 days from both due dates
    expect(yearOfDate("2025-08-24", years)?.due).toBe("2025-02-28");
    expect(yearOfDate("2025-08-24", [])).toBeNull();
  });

  it("takes the completed calculation nearest to the due date, of that year only", () => {
    const calculations = [
      calc("far", "2024-12-01"),
      calc("near", "2025-02-20"),
      calc("draft", "2025-02-28", { isCompleted: false }),
      calc("next-year", "2026-02-10"),
    ];
    expect(statementCalculation(years[0]!, years, calculations)?.id).toBe("near");
    expect(statementCalculation(years[1]!, years, calculations)?.id).toBe("next-year");
    expect(statementCalculation(years[1]!, years, [calculations[0]!])).toBeNull();
  });

  it("prefers the most recently changed of two equally near calculations", () => {
    const calculations = [
      calc("older", "2025-02-27", { updatedAt: "2025-03-01T10:00:00.000Z" }),
      calc("newer", "2025-03-01", { updatedAt: "2025-03-02T10:00:00.000Z" }),
    ];
    expect(statementCalculation(years[0]!, years, calculations)?.id).toBe("newer");
  });
});

describe("yearTimeline", () => {
  it("keeps the milestones from the start to the due date", () => {
    const timeline = [
      plainMilestone({ id: "before", date: "2024-01-01", title: "x", type: "due" }),
      threshold("t1", "2024-03-11"),
      plainMilestone({ id: "in", date: "2024-09-01", title: "x", type: "due" }),
      plainMilestone({ id: "after", date: "2025-03-01", title: "x", type: "due" }),
    ];
    const ids = yearTimeline(timeline, { start: "2024-03-11", due: "2025-02-28" }).map((m) => m.id);
    expect(ids).toEqual(["t1", "in"]);
  });
});
