// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Milestone } from "#domain/hawl/index.ts";
import { milestone } from "../test/tracker-api";
import { renderTracker } from "../test/render";
import { MilestoneTimeline } from "./milestone-timeline";

// 1 Ramadan 1445 AH is 11 March 2024 on the Umm al-Qura calendar; 1 Shawwal is 10 April 2024.
const today = "2024-04-12"; // 3 Shawwal 1445

const items = () => screen.getAllByTestId("milestone-item");
const titles = () => screen.getAllByTestId("milestone-title").map((n) => n.textContent);

function seven(): Milestone[] {
  // given out of order on purpose
  return [
    "2024-03-05",
    "2024-01-01",
    "2024-02-10",
    "2024-03-01",
    "2024-01-15",
    "2023-12-01",
    "2024-02-01",
  ].map((date) => milestone({ date, title: `M ${date}` }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MilestoneTimeline", () => {
  it("offers Calculate for this date on a due milestone that has come, with asOf and the milestone", () => {
    const due = milestone({ type: "due", date: "2024-04-10", title: "Zakat due" });
    const coming = milestone({ type: "due", date: "2024-05-01", title: "Next" });
    const threshold = milestone({ type: "threshold", date: "2024-03-01", title: "Reached" });
    renderTracker(
      "/fr/nisab",
      <MilestoneTimeline milestones={[due, coming, threshold]} today={today} />,
    );
    const links = screen.getAllByTestId("calculate-for-date");
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe("Calculer pour cette date");
    expect(links[0]!.getAttribute("href")).toBe(
      `/fr/calculator?asOf=2024-04-10&milestone=${due.id}`,
    );
  });

  it("shows the first 5 by date ascending and a View all link to /calendar when there are more", () => {
    renderTracker("/nisab", <MilestoneTimeline milestones={seven()} today={today} />);
    expect(titles()).toEqual([
      "M 2023-12-01",
      "M 2024-01-01",
      "M 2024-01-15",
      "M 2024-02-01",
      "M 2024-02-10",
    ]);
    const viewAll = screen.getByRole("link", { name: "View all" });
    expect(viewAll.getAttribute("href")).toBe("/calendar");
    fireEvent.click(viewAll);
    expect(screen.getByTestId("location").textContent).toBe("/calendar");
  });

  it("has no View all with 5 or fewer, and keeps the language prefix in French", () => {
    renderTracker(
      "/fr/nisab",
      <MilestoneTimeline milestones={seven().slice(0, 5)} today={today} />,
    );
    expect(items()).toHaveLength(5);
    expect(screen.queryByTestId("timeline-view-all")).toBeNull();
    cleanup();
    renderTracker("/fr/nisab", <MilestoneTimeline milestones={seven()} today={today} />);
    expect(screen.getByRole("link", { name: "Tout voir" }).getAttribute("href")).toBe(
      "/fr/calendar",
    );
  });

  it("writes the date as day, month name, year in Gregorian and Hijri, with the elapsed Hijri time", () => {
    renderTracker(
      "/nisab",
      <MilestoneTimeline
        milestones={[milestone({ date: "2024-03-11", title: "Nisab reached", type: "threshold" })]}
        today={today}
      />,
    );
    const item = items()[0]!;
    expect(within(item).getByTestId("milestone-date").textContent).toBe("Gregorian 11 March 2024");
    expect(within(item).getByTestId("milestone-hijri").textContent).toBe("Hijri 1 Ramadan 1445 AH");
    expect(within(item).getByTestId("milestone-elapsed").textContent).toBe("1 month, 2 days ago");
    expect(within(item).getByTestId("milestone-type").textContent).toBe("Threshold");
  });

  it.each([
    ["/fr/nisab", "il y a 1 mois, 2 jours", "Date future", "Aucune date définie"],
    ["/nl/nisab", "1 maand, 2 dagen geleden", "Datum in de toekomst", "Geen datum ingesteld"],
    ["/nisab", "1 month, 2 days ago", "Future date", "No date set"],
  ])("in %s: elapsed units, 'Future date' and 'No date set'", (at, elapsed, future, none) => {
    const past = milestone({ date: "2024-03-11" });
    const ahead = milestone({ date: "2024-05-01" });
    const undated = milestone({ date: "" });
    renderTracker(at, <MilestoneTimeline milestones={[undated, ahead, past]} today={today} />);
    expect(screen.getAllByTestId("milestone-elapsed").map((n) => n.textContent)).toEqual([
      elapsed,
      future,
      none,
    ]);
    // no date, no date lines
    expect(within(items()[2]!).queryByTestId("milestone-date")).toBeNull();
  });

  it.each([
    ["/nisab", ["Was due", "Due today", "Upcoming"], "Today"],
    ["/fr/nisab", ["Échéance passée", "Échéance aujourd'hui", "À venir"], "Aujourd'hui"],
    ["/nl/nisab", ["Verstreken", "Vandaag", "Gepland"], "Vandaag"],
  ])(
    "in %s a review's badge says whether it is past, today or ahead; today's says so (issue 30)",
    (at, badges, todayText) => {
      renderTracker(
        at,
        <MilestoneTimeline
          milestones={[
            milestone({ date: "2024-03-11" }),
            milestone({ date: today }),
            milestone({ date: "2024-05-01" }),
          ]}
          today={today}
        />,
      );
      expect(screen.getAllByTestId("milestone-type").map((n) => n.textContent)).toEqual(badges);
      expect(screen.getAllByTestId("milestone-elapsed")[1]!.textContent).toBe(todayText);
    },
  );

  it("marks cancelled reviews and shows a threshold's due date", () => {
    renderTracker(
      "/fr/nisab",
      <MilestoneTimeline
        milestones={[
          milestone({
            date: "2024-03-11",
            title: "Nisab atteint",
            type: "threshold",
            endDate: "2025-02-28",
          }),
          milestone({ date: "2024-06-09", title: "Bilan de zakat à 25 % (Cancelled)" }),
          milestone({ date: "2024-09-05", title: "Bilan de zakat à 50 %" }),
        ]}
        today={today}
      />,
    );
    const [threshold, cancelled, kept] = items();
    expect(within(threshold!).getByTestId("milestone-end").textContent).toBe(
      "Échéance\u202F: 28 février 2025 · 29 chaabane 1446 AH",
    );
    expect(cancelled!.dataset.cancelled).toBe("true");
    expect(within(cancelled!).getByTestId("milestone-title").textContent).toBe(
      "Bilan de zakat à 25 %",
    );
    expect(within(cancelled!).getByTestId("milestone-title").className).toContain("line-through");
    expect(within(cancelled!).getByTestId("milestone-cancelled").textContent).toBe("Annulé");
    expect(within(kept!).queryByTestId("milestone-cancelled")).toBeNull();
  });

  it("removes with a button per milestone, after a confirmation; while removing, the buttons are disabled and one spins", async () => {
    const ms = seven().slice(0, 3);
    const onRemove = vi.fn(async () => {});
    renderTracker(
      "/nisab",
      <MilestoneTimeline milestones={ms} today={today} onRemove={onRemove} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove M 2024-02-10" }));
    const dialog = await screen.findByTestId("remove-milestone-dialog");
    expect(dialog.textContent).toContain("Are you sure you want to remove this milestone?");
    expect(dialog.textContent).not.toContain("linked");
    expect(onRemove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId("confirm-remove-milestone"));
    });
    expect(onRemove).toHaveBeenCalledWith(ms.find((m) => m.date === "2024-02-10"));
    cleanup();

    renderTracker(
      "/nisab",
      <MilestoneTimeline
        milestones={ms}
        today={today}
        onRemove={onRemove}
        removingId={ms[1]!.id}
      />,
    );
    const busy = screen.getByRole("button", { name: `Removing ${ms[1]!.title}` });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(busy.querySelector(".animate-spin")).not.toBeNull();
    for (const button of screen.getAllByTestId("remove-milestone")) {
      expect(button.hasAttribute("disabled")).toBe(true);
    }
    expect(
      screen.getByRole("button", { name: "Remove M 2024-03-05" }).querySelector(".animate-spin"),
    ).toBeNull();
  });

  it("asks before removing a threshold, naming how many linked milestones go with it", async () => {
    const threshold = milestone({
      date: "2024-03-11",
      title: "Nisab reached",
      type: "threshold",
      code: "ZT1",
      endDate: "2025-03-01",
    });
    const linked = ["2024-06-07", "2024-09-04", "2024-12-02"].map((date) =>
      milestone({ date, title: "Review", code: "ZT1", parentCode: "ZT1" }),
    );
    const onRemove = vi.fn(async () => {});
    renderTracker(
      "/fr/nisab",
      <MilestoneTimeline
        milestones={[threshold]}
        all={[threshold, ...linked]}
        today={today}
        onRemove={onRemove}
      />,
    );
    fireEvent.click(screen.getByTestId("remove-milestone"));
    const dialog = await screen.findByTestId("remove-milestone-dialog");
    expect(dialog.textContent).toContain("Ses 3 jalons liés");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(onRemove).not.toHaveBeenCalled();
  });

  it("a year a fall below nisab ended shows no due date but why it ended", () => {
    const threshold = milestone({
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      endDate: "2027-02-19",
    });
    renderTracker(
      "/nisab",
      <MilestoneTimeline
        milestones={[threshold]}
        today="2026-11-23"
        ended={new Map([[threshold.id, "2026-06-10"]])}
      />,
    );
    expect(screen.queryByTestId("milestone-end")).toBeNull();
    expect(screen.getByTestId("milestone-ended").textContent).toContain(
      "Year ended on 10 June 2026",
    );
  });

  it("shows generated titles in the reader's language, typed titles as typed", () => {
    renderTracker(
      "/nl/nisab",
      <MilestoneTimeline
        milestones={[
          milestone({ date: "2024-03-11", title: "Nisab reached", titleCode: "nisab-reached" }),
          milestone({
            date: "2024-06-07",
            title: "25% Zakat Review",
            titleCode: "review-quarterly",
            titleParams: { percent: 25 },
          }),
          milestone({ date: "2024-07-01", title: "Nisab reached" }),
        ]}
        today={today}
      />,
    );
    expect(titles()).toEqual(["Nisab bereikt", "Zakatcontrole 25%", "Nisab reached"]);
  });

  it("has no remove buttons without onRemove, and says when there is nothing", () => {
    renderTracker("/nisab", <MilestoneTimeline milestones={seven()} today={today} />);
    expect(screen.queryByTestId("remove-milestone")).toBeNull();
    cleanup();
    renderTracker("/nisab", <MilestoneTimeline milestones={[]} today={today} />);
    expect(screen.getByTestId("timeline-empty").textContent).toBe("No milestones yet.");
  });
});
