// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { renderAt } from "~/features/auth/test/render";
import { WorkspacesContext } from "~/lib/use-workspaces";
import { deletedIds, milestone, serveZakat, workspacesState } from "../test/zakat-api";
import { installContractServer } from "~/test/msw";
import { CalendarPage } from "./calendar-page";

installContractServer();

// The calendar page against a fake of the tracker API at the fetch boundary, with a real query
// client and router. "Today" is Friday 14 March 2025 (14 Ramadan 1446 AH).

function renderCalendar(at = "/calendar", state = workspacesState()) {
  return renderAt(
    at,
    {
      "/calendar": <CalendarPage />,
      "/fr/calendar": <CalendarPage />,
      "/ar/calendar": <CalendarPage />,
    },
    (children) => <WorkspacesContext.Provider value={state}>{children}</WorkspacesContext.Provider>,
  );
}

const plain = (text: string | null | undefined) =>
  (text ?? "").replace(/[\u00a0\u202f\u2009]/g, " ");
const period = () => plain(screen.getByTestId("calendar-period").textContent);
const hijriPeriod = () => plain(screen.getByTestId("calendar-hijri-period").textContent);
const location = () => screen.getByTestId("location").textContent;
const cells = () => screen.getAllByTestId("calendar-day");
const cell = (day: string) => cells().find((c) => c.dataset.day === day)!;
/** a day cell's accessible name: its visually hidden label (the drawn numbers are aria-hidden) */
const nameOf = (el: HTMLElement) =>
  el.querySelector('[data-testid="calendar-day-label"]')?.textContent;

/** A threshold on 2 March with two reviews (one cancelled), a dip, dues and a payment. */
function sampleTimeline(): MilestoneDto[] {
  const code = "ZTABC123";
  return [
    milestone("2025-03-02", "Nisab reached", "threshold", { code, endDate: "2026-02-19" }),
    milestone("2025-03-02", "Gold valued", "due"),
    milestone("2025-03-02", "Bank statement", "due"),
    milestone("2025-03-02", "Paid the poor", "payment"),
    milestone("2025-03-02", "Phone the imam", "due"),
    milestone("2025-03-20", "Below nisab", "threshold-down", { code, parentCode: code }),
    milestone("2025-06-01", "25% Zakat Review (Cancelled)", "due", { code, parentCode: code }),
    milestone("2025-09-01", "50% Zakat Review", "due", { code, parentCode: code }),
    milestone("2025-01-10", "Old payment", "payment"),
  ];
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-03-14T12:00:00Z"));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// jsdom renders slowly on a busy machine: every test gets room
describe("CalendarPage", { timeout: 30_000 }, () => {
  it("says 'Loading calendar...' until the data is there, then shows the month of today", async () => {
    let release!: () => void;
    serveZakat(sampleTimeline(), { slowLoad: new Promise<void>((r) => (release = r)) });
    renderCalendar();
    expect(screen.getByText("Loading calendar...")).toBeTruthy();
    expect(screen.queryByTestId("calendar-grid")).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId("calendar-grid")).toBeTruthy());
    expect(screen.queryByText("Loading calendar...")).toBeNull();

    expect(screen.getByRole("heading", { level: 1, name: "Calendar" })).toBeTruthy();
    expect(screen.getByTestId("calendar-back").getAttribute("href")).toBe("/dashboard");
    expect(period()).toBe("March 2025");
    expect(hijriPeriod()).toBe("Hijri: Ramadan – Shawwal 1446 AH");
    // the zakat year starts at the threshold; both calendars
    const year = plain(screen.getByTestId("calendar-zakat-year").textContent);
    expect(year).toContain("Sunday 2 March 2025");
    expect(year).toContain("2 Ramadan 1446 AH");

    // weeks start on Sunday: March 2025 starts on a Saturday, so 6 rows from 23 February
    const headers = screen.getAllByRole("columnheader").map((h) => h.getAttribute("aria-label"));
    expect(headers).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(screen.getAllByRole("row")).toHaveLength(7);
    expect(cells()).toHaveLength(42);
    expect(cells()[0]!.dataset.day).toBe("2025-02-23");
    expect(cells()[41]!.dataset.day).toBe("2025-04-05");

    // today: marked, in the tab order, with its full Gregorian and Hijri date as its name
    const today = screen.getByRole("gridcell", { current: "date" });
    expect(today.dataset.day).toBe("2025-03-14");
    expect(today.tabIndex).toBe(0);
    expect(plain(nameOf(today))).toBe(
      "Today, Friday 14 March 2025 (14 Ramadan 1446 AH): no milestones",
    );
    expect(cells().filter((c) => c.tabIndex === 0)).toHaveLength(1);
    // each cell shows its Gregorian and its Hijri day number
    expect(within(today).getByTestId("gregorian-day").textContent).toBe("14");
    expect(within(today).getByTestId("hijri-day").textContent).toBe("14");
    expect(within(cell("2025-03-01")).getByTestId("hijri-day").textContent).toBe("1 Ramadan");
  });

  it("shows at most 2 titles in a day cell, then '+N more'", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-grid")).toBeTruthy());
    const busy = cell("2025-03-02");
    expect(plain(nameOf(busy))).toBe("Sunday 2 March 2025 (2 Ramadan 1446 AH): 5 milestones");
    const chips = within(busy).getAllByTestId("calendar-chip");
    // the threshold first (same day: threshold before dues and payments), then the first due
    expect(chips.map((c) => c.dataset.type)).toEqual(["threshold", "due"]);
    expect(chips[0]!.textContent).toContain("Nisab reached");
    expect(chips[0]!.textContent).toContain("(Above nisab)");
    expect(within(busy).getByTestId("calendar-more").textContent).toBe("+3 more");

    const dip = cell("2025-03-20");
    expect(within(dip).getAllByTestId("calendar-chip")).toHaveLength(1);
    expect(within(dip).queryByTestId("calendar-more")).toBeNull();
    expect(within(cell("2025-03-21")).queryByTestId("calendar-chip")).toBeNull();
  });

  it("switches between month, week and day views and keeps them in the address", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(period()).toBe("March 2025"));
    expect(screen.getByRole("button", { name: "Month" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(period()).toBe("9–15 March 2025"));
    expect(location()).toBe("/calendar?view=week&date=2025-03-14");
    expect(screen.getByRole("button", { name: "Week" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Month" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    expect(cells().map((c) => c.dataset.day)).toEqual([
      "2025-03-09",
      "2025-03-10",
      "2025-03-11",
      "2025-03-12",
      "2025-03-13",
      "2025-03-14",
      "2025-03-15",
    ]);
    expect(hijriPeriod()).toBe("Hijri: Ramadan 1446 AH");

    fireEvent.click(screen.getByRole("button", { name: "Day" }));
    await waitFor(() => expect(period()).toBe("Friday 14 March 2025"));
    expect(location()).toBe("/calendar?view=day&date=2025-03-14");
    expect(screen.queryByTestId("calendar-grid")).toBeNull();
    expect(hijriPeriod()).toBe("Hijri: 14 Ramadan 1446 AH");
    expect(screen.getByTestId("day-view-empty").textContent).toBe("No milestones on this day.");

    fireEvent.click(screen.getByRole("button", { name: "Month" }));
    await waitFor(() => expect(period()).toBe("March 2025"));
    expect(cells()).toHaveLength(42);
  });

  // In the browser React Router renders a navigation in a transition: a second click can come
  // before the page has re-rendered (the e2e calendar test lost one of two quick clicks).
  it("two clicks before the page re-renders move by two periods", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(period()).toBe("March 2025"));
    const previous = screen.getByRole("button", { name: "Previous month" });
    act(() => {
      previous.click();
      previous.click();
    });
    await waitFor(() => expect(period()).toBe("January 2025"));
    expect(location()).toBe("/calendar?view=month&date=2025-01-01");
  });

  it("moves by month, week and day with Previous / Next, and back with Today", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(period()).toBe("March 2025"));

    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    await waitFor(() => expect(period()).toBe("February 2025"));
    expect(location()).toBe("/calendar?view=month&date=2025-02-01");
    expect(cells()).toHaveLength(35);
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    await waitFor(() => expect(period()).toBe("April 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() => expect(period()).toBe("March 2025"));
    expect(location()).toBe("/calendar?view=month&date=2025-03-14");

    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    fireEvent.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(period()).toBe("16–22 March 2025"));
    // the dip of 20 March is in that week
    expect(within(cell("2025-03-20")).getAllByTestId("calendar-chip")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Previous week" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous week" }));
    await waitFor(() => expect(period()).toBe("2–8 March 2025"));

    fireEvent.click(screen.getByRole("button", { name: "Day" }));
    await waitFor(() => expect(period()).toBe("Friday 7 March 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    await waitFor(() => expect(period()).toBe("Sunday 2 March 2025"));
    // the day view lists every milestone of the day, not just 2
    const rows = within(screen.getByTestId("calendar-day-view")).getAllByTestId("milestone-row");
    expect(rows).toHaveLength(5);
    fireEvent.click(screen.getByRole("button", { name: "Next day" }));
    await waitFor(() => expect(period()).toBe("Monday 3 March 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() => expect(period()).toBe("Friday 14 March 2025"));
  });

  // issue 30: after Previous month the week view opened on the week of today's day-of-month
  // (14 February, from today 14 March) instead of a week of the month looked at
  it("Previous / Next month land on the month's first day, so Week opens on that month", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(period()).toBe("March 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    await waitFor(() => expect(period()).toBe("February 2025"));
    expect(location()).toBe("/calendar?view=month&date=2025-02-01");
    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(period()).toBe("26 January – 1 February 2025"));
    // back in today's month, the month holds today: Week opens on today's week
    fireEvent.click(screen.getByRole("button", { name: "Month" }));
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    await waitFor(() => expect(location()).toBe("/calendar?view=month&date=2025-03-14"));
    fireEvent.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(period()).toBe("9–15 March 2025"));
  });

  it("opens the view and day of the address", async () => {
    serveZakat(sampleTimeline());
    renderCalendar("/calendar?view=week&date=2025-01-08");
    await waitFor(() => expect(period()).toBe("5–11 January 2025"));
    expect(within(cell("2025-01-10")).getByText("Old payment")).toBeTruthy();
    expect(cell("2025-01-08").tabIndex).toBe(0);
  });

  it("opens a day's dialog listing all its milestones, from a click or from the keyboard", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-grid")).toBeTruthy());

    fireEvent.click(cell("2025-03-02"));
    const dialog = await screen.findByRole("dialog");
    expect(plain(within(dialog).getByRole("heading").textContent)).toBe("Sunday 2 March 2025");
    expect(plain(dialog.textContent)).toContain("2 Ramadan 1446 AH");
    const titles = within(dialog)
      .getAllByTestId("milestone-title")
      .map((n) => n.textContent);
    expect(titles).toEqual([
      "Nisab reached",
      "Gold valued",
      "Bank statement",
      "Phone the imam",
      "Paid the poor",
    ]);
    const types = within(dialog)
      .getAllByTestId("milestone-type")
      .map((n) => n.textContent);
    expect(types).toEqual(["Above nisab", "Due date", "Due date", "Due date", "Payment"]);
    // a threshold shows when its zakat falls due, unless a fall below nisab ended its year
    // (majority rule): this one's ended on 20 March, so it has no due date
    expect(within(dialog).queryByTestId("milestone-end")).toBeNull();
    expect(plain(within(dialog).getByTestId("milestone-ended").textContent)).toBe(
      "Year ended 20 March 2025: fell below nisab, no zakat due",
    );
    expect(location()).toBe("/calendar?view=month&date=2025-03-02");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // keyboard: the focused day moves with the arrows, Enter opens it
    const focused = cell("2025-03-02");
    focused.focus();
    fireEvent.keyDown(focused, { key: "ArrowRight" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-03"),
    );
    expect(location()).toBe("/calendar?view=month&date=2025-03-03");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-10"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-24"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-17"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-22"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-20"),
    );
    expect(
      cells()
        .filter((c) => c.tabIndex === 0)
        .map((c) => c.dataset.day),
    ).toEqual(["2025-03-20"]);
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    const dipDialog = await screen.findByRole("dialog");
    expect(plain(within(dipDialog).getByRole("heading").textContent)).toBe(
      "Thursday 20 March 2025",
    );
    expect(
      within(dipDialog).getByText("Below nisab", { selector: "[data-testid=milestone-title]" }),
    ).toBeTruthy();
    fireEvent.keyDown(dipDialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // past the end of the month: the grid follows into April; Page Up goes back a month
    const march31 = cell("2025-03-31");
    march31.focus();
    fireEvent.keyDown(march31, { key: "ArrowRight" });
    await waitFor(() => expect(period()).toBe("April 2025"));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-04-01"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "PageUp" });
    await waitFor(() => expect(period()).toBe("March 2025"));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-01"),
    );

    // an empty day says so
    fireEvent.keyDown(document.activeElement!, { key: " " });
    const empty = await screen.findByRole("dialog");
    expect(within(empty).getByTestId("day-dialog-empty").textContent).toBe(
      "No milestones on this day.",
    );
  });

  it("groups the timeline by month, marks cancelled reviews and tells types apart", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-timeline")).toBeTruthy());
    const months = screen.getAllByTestId("timeline-month");
    expect(months.map((m) => m.dataset.month)).toEqual([
      "2025-01",
      "2025-03",
      "2025-06",
      "2025-09",
    ]);
    expect(within(months[1]!).getAllByTestId("milestone-row")).toHaveLength(6);
    expect(plain(within(months[1]!).getByRole("heading").textContent)).toBe(
      "March 2025Ramadan – Shawwal 1446 AH",
    );

    const june = within(months[2]!).getByTestId("milestone-row");
    // the stored " (Cancelled)" suffix becomes a badge; the title is struck through
    expect(within(june).getByTestId("milestone-title").textContent).toBe("25% Zakat Review");
    expect(within(june).getByTestId("milestone-title").className).toContain("line-through");
    expect(within(june).getByTestId("milestone-cancelled").textContent).toBe("Cancelled");
    const september = within(months[3]!).getByTestId("milestone-row");
    expect(within(september).queryByTestId("milestone-cancelled")).toBeNull();
    expect(within(september).getByTestId("milestone-type").textContent).toBe("Due date");
    expect(plain(within(september).getByTestId("milestone-dates").textContent)).toBe(
      "1 September 2025 · 9 Rabi al-Awwal 1447 AH",
    );
    expect(within(months[0]!).getByTestId("milestone-type").textContent).toBe("Payment");
  });

  it("deletes a milestone from the timeline after confirmation; Cancel keeps it", async () => {
    const rows = sampleTimeline();
    serveZakat(rows);
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-timeline")).toBeTruthy());
    const timeline = screen.getByTestId("calendar-timeline");

    fireEvent.click(within(timeline).getByRole("button", { name: "Delete Old payment" }));
    let confirm = await screen.findByRole("alertdialog");
    expect(
      within(confirm).getByText("Are you sure you want to delete this milestone?"),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(deletedIds()).toEqual([]);
    expect(within(timeline).getByText("Old payment")).toBeTruthy();

    const oldPayment = rows.find((r) => r.title === "Old payment")!;
    fireEvent.click(within(timeline).getByRole("button", { name: "Delete Old payment" }));
    confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(timeline).queryByText("Old payment")).toBeNull());
    expect(deletedIds()).toEqual([oldPayment.id]);
    expect(screen.getAllByTestId("timeline-month").map((m) => m.dataset.month)).toEqual([
      "2025-03",
      "2025-06",
      "2025-09",
    ]);
  });

  it("deleting a threshold says its reviews go too, and the grid and timeline lose them", async () => {
    serveZakat(sampleTimeline());
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-timeline")).toBeTruthy());
    expect(plain(screen.getByTestId("calendar-zakat-year").textContent)).toContain("2 March 2025");
    const timeline = screen.getByTestId("calendar-timeline");
    fireEvent.click(within(timeline).getByRole("button", { name: "Delete Nisab reached" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(
      "Its 3 linked milestones (reviews, fall below nisab) are deleted with it.",
    );
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(timeline).getAllByTestId("milestone-row")).toHaveLength(5));
    expect(
      within(timeline).queryByText("Below nisab", { selector: "[data-testid=milestone-title]" }),
    ).toBeNull();
    expect(within(timeline).queryByText("50% Zakat Review")).toBeNull();
    // the cell of 2 March now has 4, the dip of 20 March is gone, the year start is unset
    expect(plain(nameOf(cell("2025-03-02")))).toContain("4 milestones");
    expect(within(cell("2025-03-20")).queryByTestId("calendar-chip")).toBeNull();
    expect(screen.getByTestId("calendar-zakat-year").textContent).toContain(
      "No zakat year start yet.",
    );
  });

  it("shows the failure and retries", async () => {
    serveZakat(sampleTimeline(), { failLoad: true });
    renderCalendar();
    await waitFor(() =>
      expect(screen.getByTestId("calendar-load-error").textContent).toBe(
        "The calendar could not be loaded.",
      ),
    );
    serveZakat(sampleTimeline());
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(period()).toBe("March 2025"));
  });

  it("without a workspace: says so instead of loading forever", async () => {
    serveZakat([]);
    renderCalendar("/calendar", workspacesState(null));
    expect(screen.getByTestId("calendar-no-workspace")).toBeTruthy();
    expect(screen.queryByText("Loading calendar...")).toBeNull();
  });

  it("empty timeline: links to the nisab tracker", async () => {
    serveZakat([]);
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("timeline-empty")).toBeTruthy());
    expect(screen.getByTestId("calendar-zakat-year").textContent).toContain(
      "No zakat year start yet.",
    );
    expect(cells()).toHaveLength(42);
  });

  it("speaks French: names from Intl, texts from the catalog", async () => {
    serveZakat(sampleTimeline());
    renderCalendar("/fr/calendar");
    expect(screen.getByText("Chargement du calendrier...")).toBeTruthy();
    await waitFor(() => expect(period()).toBe("mars 2025"));
    expect(hijriPeriod()).toBe("Hégire : ramadan – chawwal 1446 AH");
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "dim.",
      "lun.",
      "mar.",
      "mer.",
      "jeu.",
      "ven.",
      "sam.",
    ]);
    expect(screen.getByTestId("calendar-back").getAttribute("href")).toBe("/fr/dashboard");
    expect(within(cell("2025-03-02")).getByTestId("calendar-more").textContent).toBe("+3 de plus");
    expect(plain(nameOf(cell("2025-03-02")))).toBe(
      "dimanche 2 mars 2025 (2 ramadan 1446 AH) : 5 jalons",
    );
    fireEvent.click(screen.getByRole("button", { name: "Semaine" }));
    await waitFor(() => expect(period()).toBe("9–15 mars 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Semaine suivante" }));
    await waitFor(() => expect(period()).toBe("16–22 mars 2025"));
    expect(location()).toBe("/fr/calendar?view=week&date=2025-03-21");
    const june = screen
      .getAllByTestId("timeline-month")
      .find((m) => m.dataset.month === "2025-06")!;
    expect(within(june).getByTestId("milestone-cancelled").textContent).toBe("Annulé");
  });

  it("in Arabic the arrow keys go the way the right-to-left grid is drawn", async () => {
    serveZakat(sampleTimeline());
    renderCalendar("/ar/calendar?view=month&date=2025-03-05");
    await waitFor(() => expect(cells()).toHaveLength(42));
    const focused = cell("2025-03-05");
    focused.focus();
    // Sunday is drawn on the right: the left arrow goes to the next day, the right one back
    fireEvent.keyDown(focused, { key: "ArrowLeft" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-06"),
    );
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-04"),
    );
    // up and down are the same in both directions
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-day")).toBe("2025-03-11"),
    );
  });

  it("with 10,000 milestones, renders only the visible range and a window of the timeline", async () => {
    const many: MilestoneDto[] = [];
    for (let i = 0; i < 10_000; i++) {
      const day = new Date(Date.UTC(2023, 0, 1) + (i % 1000) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      many.push(milestone(day, `Item ${i}`, i % 2 ? "due" : "payment"));
    }
    serveZakat(many);
    renderCalendar();
    await waitFor(() => expect(screen.getByTestId("calendar-grid")).toBeTruthy());
    // 42 cells × at most 2 chips, plus the small-screen list (at most 3 a day for 31 days)
    const chips = screen.getAllByTestId("calendar-chip");
    expect(chips.length).toBeLessThanOrEqual(42 * 2 + 31 * 3);
    expect(within(cell("2025-03-14")).getByTestId("calendar-more").textContent).toBe("+8 more");
    const timeline = screen.getByTestId("calendar-timeline");
    expect(within(timeline).getAllByTestId("milestone-row")).toHaveLength(100);
    expect(within(timeline).getAllByTestId("milestone-row")[0]!.dataset.milestoneId).toBe(
      // the first milestone on or after 1 March 2025 (day 790 of the cycle)
      many.find((m) => m.date === "2025-03-01")!.id,
    );
    expect(screen.getByTestId("timeline-range").textContent).toBe(
      "Showing 7901–8000 of 10000 milestones",
    );
    // (test ids, not roles: role queries over thousands of nodes are slow in jsdom)
    const earlier = screen.getByTestId("timeline-earlier");
    expect(earlier.textContent).toBe("Show 100 earlier milestones");
    fireEvent.click(earlier);
    await waitFor(() => expect(within(timeline).getAllByTestId("milestone-row")).toHaveLength(200));
    expect(screen.getByTestId("timeline-range").textContent).toBe(
      "Showing 7801–8000 of 10000 milestones",
    );
    const later = screen.getByTestId("timeline-later");
    expect(later.textContent).toBe("Show 100 later milestones");
    fireEvent.click(later);
    await waitFor(() =>
      expect(screen.getByTestId("timeline-range").textContent).toBe(
        "Showing 7801–8100 of 10000 milestones",
      ),
    );
  });
});
