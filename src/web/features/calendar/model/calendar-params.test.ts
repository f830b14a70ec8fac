import { describe, expect, it } from "vitest";
import { readCalendarPlace, withCalendarPlace } from "./calendar-params";

const today = "2025-03-14";

describe("readCalendarPlace", () => {
  it.each([
    ["", { view: "month", date: today }],
    ["?view=week&date=2025-01-05", { view: "week", date: "2025-01-05" }],
    ["?view=day", { view: "day", date: today }],
    ["?date=2024-02-29", { view: "month", date: "2024-02-29" }],
    ["?view=year&date=2025-02-29", { view: "month", date: today }],
    ["?view=DAY&date=1800-01-01", { view: "month", date: today }],
  ])("%s → %j", (search, expected) => {
    expect(readCalendarPlace(new URLSearchParams(search), today)).toEqual(expected);
  });
});

describe("withCalendarPlace", () => {
  it("writes view and date and keeps other params", () => {
    const params = withCalendarPlace(new URLSearchParams("?x=1&view=month"), {
      view: "week",
      date: "2025-01-05",
    });
    expect(params.toString()).toBe("x=1&view=week&date=2025-01-05");
    expect(readCalendarPlace(params, today)).toEqual({ view: "week", date: "2025-01-05" });
  });
});
