// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderTracker } from "../test/render";
import { ZakatYearStatus } from "./zakat-year-status";

// 11 March 2024 is 1 Ramadan 1445; 1 March 2025 is 1 Ramadan 1446.
const year = { start: "2024-03-11", end: "2025-03-01", belowSince: null };

afterEach(cleanup);

const title = () => screen.getByTestId("zakat-year-title").textContent;
const bars = () => screen.getAllByRole("progressbar");
/** the ring's arc and the phone bar's fill: one colour whatever the state (issue 30) */
const expectOneColour = () => {
  expect(screen.getByTestId("progress-ring-arc").getAttribute("class")).toContain(
    "stroke-brand-600",
  );
  expect(bars()[1]!.firstElementChild!.className).toContain("bg-brand-600");
};

describe("ZakatYearStatus", () => {
  it("not set: asks for the nisab date, no progress", () => {
    renderTracker("/nisab", <ZakatYearStatus status={{ kind: "not-set" }} rule="majority" />);
    expect(title()).toBe("Zakat year not set");
    expect(screen.getByText("Set your nisab date to start your zakat year.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("running: start, Hijri end, relative times, the ring and the phone's bar with its percent", () => {
    renderTracker(
      "/nisab",
      <ZakatYearStatus
        status={{ kind: "running", ...year, progress: 9, elapsedDays: 32 }}
        rule="majority"
        today="2024-04-12"
      />,
    );
    expect(title()).toBe("Zakat year running");
    expect(screen.getByTestId("year-start-hijri").textContent).toBe("1 Ramadan 1445 AH");
    expect(screen.getByTestId("year-end-hijri").textContent).toBe("1 Ramadan 1446 AH");
    expect(screen.getByTestId("year-end-relative").textContent).toBe("in 10 months");
    expect(bars().map((b) => b.getAttribute("aria-valuenow"))).toEqual(["9", "9"]);
    expectOneColour();
    expect(within(screen.getByTestId("year-progress-mobile")).getByText("9%")).toBeTruthy();
  });

  it("complete: 'Zakat year complete', 100 %", () => {
    renderTracker(
      "/nl/nisab",
      <ZakatYearStatus
        status={{ kind: "complete", ...year, progress: 100, elapsedDays: 356 }}
        rule="majority"
        today="2025-03-02"
      />,
    );
    expect(title()).toBe("Zakatjaar voltooid");
    expectOneColour();
    expect(bars()[0]!.getAttribute("aria-valuenow")).toBe("100");
  });

  it("paused (majority): the year ended, the broken year's end not shown", () => {
    renderTracker(
      "/nisab",
      <ZakatYearStatus
        status={{ kind: "paused", ...year, progress: 0, elapsedDays: 0, belowSince: "2024-04-01" }}
        rule="majority"
        today="2024-04-12"
      />,
    );
    expect(title()).toBe("Zakat year ended below nisab");
    expect(screen.getByText(/fell below the nisab on 1 April 2024/)).toBeTruthy();
    expect(screen.queryByTestId("year-end")).toBeNull();
    expectOneColour();
    expect(bars()[0]!.getAttribute("aria-valuenow")).toBe("0");
  });

  // The headline says what the text under it says: the year ended (issue 30: it said "paused").
  // Under the Hanafi rule a year that ends below nisab is reset the same way.
  const ended = [
    ["/nisab", "Zakat year ended below nisab", "this zakat year ended"],
    ["/fr/nisab", "Année de zakat terminée sous le nisab", "cette année de zakat a pris fin"],
    ["/nl/nisab", "Zakatjaar geëindigd onder de nisab", "dit zakatjaar is geëindigd"],
  ] as const;
  const rules = ["majority", "hanafi"] as const;
  it.each(
    ended.flatMap(([at, headline, text]) =>
      rules.map((rule) => [at, headline, text, rule] as const),
    ),
  )(
    "ended below nisab on %s: %j, as the text under it (%s, %s rule)",
    (at, headline, text, rule) => {
      renderTracker(
        at,
        <ZakatYearStatus
          status={{
            kind: "paused",
            ...year,
            progress: 0,
            elapsedDays: 0,
            belowSince: "2024-04-01",
          }}
          rule={rule}
          today={rule === "hanafi" ? "2025-03-01" : "2024-04-12"}
        />,
      );
      expect(title()).toBe(headline);
      expect(screen.getByTestId("zakat-year-status").textContent).toContain(text);
    },
  );

  it("paused (Hanafi, before the year's end): the year and its due date stay", () => {
    renderTracker(
      "/fr/nisab",
      <ZakatYearStatus
        status={{ kind: "paused", ...year, progress: 9, elapsedDays: 32, belowSince: "2024-04-01" }}
        rule="hanafi"
        today="2024-04-12"
      />,
    );
    expect(title()).toBe("Sous le nisab — seule la fin de l'année compte");
    expect(screen.getByTestId("year-end").textContent).toBe("1 mars 2025");
    expect(bars()[0]!.getAttribute("aria-valuenow")).toBe("9");
    expectOneColour();
  });
});
