import { describe, expect, it } from "vitest";
import { axisDate, tickDays } from "./usage-chart";

describe("the usage chart's axis (issue 30)", () => {
  it("dates the first day, every seventh and the last", () => {
    expect(tickDays(30)).toEqual([0, 7, 14, 21, 29]);
    expect(tickDays(1)).toEqual([0]);
    expect(tickDays(0)).toEqual([]);
  });

  it("writes day and month name in the page's language", () => {
    expect(axisDate("2026-11-28", "en")).toBe("Nov 28");
    expect(axisDate("2026-11-28", "fr")).toBe("28 nov.");
    expect(axisDate("2026-11-28", "nl")).toBe("28 nov");
  });
});
