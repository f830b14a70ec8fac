// @vitest-environment jsdom
import { apiCalls, installContractServer } from "~/test/msw";

import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalculationSummary } from "#contracts/calculations.ts";
import { milestone, serveTracker, workspaceId } from "~/features/tracker/test/tracker-api";
import { apiError, route, serve } from "~/test/msw";
import { renderTracker, stubBrowserApis } from "~/features/tracker/test/render";
import { NisabStatusCard } from "./nisab-status-card";
import { TimelineCard } from "./timeline-card";

installContractServer();

// The dashboard's nisab status and zakat timeline cards against the fake tracker API.
// Today: 12 April 2024; 11 March 2024 is 1 Ramadan 1445.

function cards() {
  return (
    <>
      <NisabStatusCard />
      <TimelineCard />
    </>
  );
}

const up = () => milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "Up" });
const reviews = () =>
  ["2024-06-07", "2024-09-04", "2024-12-02"].map((date, i) =>
    milestone({ date, code: "ZT1", parentCode: "ZT1", title: `Review ${i + 1}` }),
  );

/** The workspace's latest calculations (the recent card's query, which the nisab card reads). */
function serveLatest(calculations: CalculationSummary[]) {
  serve(
    route("get", "/api/workspaces/{ws}/calculations", ({ params }) =>
      params.ws === workspaceId
        ? Response.json({ calculations, totalCount: calculations.length, totalPages: 1, page: 1 })
        : apiError(404, "NOT_FOUND", "Not found"),
    ),
  );
}

/** text with its no-break spaces (French and Dutch amounts) as plain spaces */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const calculation = (fields: Partial<CalculationSummary> = {}): CalculationSummary => ({
  id: "00000000-0000-4000-8000-0000000000c1",
  version: 1,
  name: "Zakat 2024",
  calculationDate: "2024-04-10",
  isCompleted: true,
  currency: "EUR",
  createdBy: "u1",
  createdAt: "2024-04-10T09:00:00.000Z",
  updatedAt: "2024-04-10T09:00:00.000Z",
  totalAssets: "5000.00",
  totalLiabilities: "0.00",
  zakatableAmount: "5000.00",
  nissabValue: "4000.00",
  isAboveNissab: true,
  zakatDue: "125.00",
  ...fields,
});

beforeAll(stubBrowserApis);
beforeEach(() => {
  serveLatest([]);
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2024-04-12T10:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("dashboard tracker cards", () => {
  it("nisab card: date, relative time, Hijri elapsed, the ring, totals in the workspace currency", async () => {
    const api = serveTracker({
      milestones: [up(), ...reviews()],
      settings: { hawlRule: "majority", yearBasis: "hijri", currency: "USD" },
      obligations: [
        {
          id: "00000000-0000-4000-8000-0000000000f1",
          amount: "1500.00",
          paidAmount: "500.00",
          category: "Savings",
          dueDate: "2025-03-01",
          priority: "medium",
          createdAt: "2024-03-12T00:00:00.000Z",
        },
      ],
    });
    renderTracker("/dashboard", cards());
    const card = screen.getByTestId("nisab-card");
    await waitFor(() => expect(within(card).getByTestId("nisab-card-date")).toBeTruthy());
    expect(within(card).getByTestId("nisab-card-date").textContent).toBe(
      "11 March 2024 · 1 Ramadan 1445 AH",
    );
    expect(within(card).getByTestId("nisab-card-relative").textContent).toBe("last month");
    expect(within(card).getByTestId("nisab-card-elapsed").textContent).toBe("1 month, 2 days");
    // the year's due date: one Umm al-Qura year after 1 Ramadan 1445
    expect(within(card).getByTestId("nisab-card-next-due").textContent).toBe(
      "1 March 2025 · 1 Ramadan 1446 AH",
    );
    const ring = within(card).getByRole("progressbar", { name: "Zakat year progress" });
    // one colour, above or below (issue 30); the words say which
    expect(within(ring).getByTestId("progress-ring-arc").getAttribute("class")).toContain(
      "stroke-brand-600",
    );
    expect(ring.getAttribute("aria-valuenow")).toBe("9");
    expect(within(card).getByTestId("nisab-card-due").textContent).toBe("$1,500.00");
    expect(within(card).getByTestId("nisab-card-paid").textContent).toBe("$500.00");
    expect(
      within(card).getByRole("link", { name: "Open the nisab tracker" }).getAttribute("href"),
    ).toBe("/nisab");
    // one request of the tracker for both cards
    expect(apiCalls().filter((c) => c.path.endsWith("/zakat"))).toHaveLength(1);
    expect(api.requests).toHaveLength(0);
  });

  it("nisab card: below since, when the last nisab milestone is a threshold-down", async () => {
    serveTracker({
      milestones: [
        up(),
        milestone({
          date: "2024-04-01",
          type: "threshold-down",
          code: "ZT1",
          parentCode: "ZT1",
          title: "Down",
        }),
      ],
    });
    renderTracker("/fr/dashboard", cards());
    const card = screen.getByTestId("nisab-card");
    const ring = await within(card).findByRole("progressbar");
    expect(within(ring).getByTestId("progress-ring-arc").getAttribute("class")).toContain(
      "stroke-brand-600",
    );
    expect(card.textContent).toContain("Sous le nisab depuis le");
    expect(within(card).getByTestId("nisab-card-date").textContent).toBe(
      "1 avril 2024 · 22 ramadan 1445 AH",
    );
    // the dip ended the year (majority rule): no due date
    expect(within(card).queryByTestId("nisab-card-next-due")).toBeNull();
  });

  it.each([
    ["en", "/dashboard", "€0.00", "Record €125.00 as due", "€125.00"],
    ["fr", "/fr/dashboard", "0,00 €", "Ajouter 125,00 € aux obligations", "125,00 €"],
    ["nl", "/nl/dashboard", "€ 0,00", "€ 125,00 toevoegen aan verplichtingen", "€ 125,00"],
  ])(
    "nisab card (%s): the totals say they are the records', and the latest calculation's zakat is one click from being one (issue 30)",
    async (_lang, at, zero, action, recorded) => {
      const api = serveTracker({ milestones: [up()] });
      serveLatest([calculation()]);
      renderTracker(at, cards());
      const card = screen.getByTestId("nisab-card");
      await waitFor(() =>
        expect(plain(within(card).getByTestId("nisab-card-due").textContent)).toBe(zero),
      );
      expect(within(card).getByTestId("nisab-card-totals-source").textContent).toBeTruthy();
      const offer = await within(card).findByTestId("record-calculation-offer");
      expect(offer.textContent).toContain("Zakat 2024");
      const button = within(offer).getByTestId("record-calculation");
      expect(plain(button.textContent)).toBe(action);
      fireEvent.click(button);
      await waitFor(() =>
        expect(plain(within(card).getByTestId("nisab-card-due").textContent)).toBe(recorded),
      );
      expect(api.requests).toEqual([
        {
          method: "POST",
          path: "/obligations",
          body: {
            amount: "125.00",
            category: "Zakat 2024",
            dueDate: "2024-04-10",
            priority: "medium",
          },
        },
      ]);
      // recorded: no longer offered
      expect(within(card).queryByTestId("record-calculation-offer")).toBeNull();
    },
  );

  it("nisab card: no offer for a calculation below the nisab, in another currency, or already recorded", async () => {
    serveTracker({
      milestones: [up()],
      obligations: [
        {
          id: "00000000-0000-4000-8000-0000000000f2",
          amount: "125.00",
          paidAmount: "0.00",
          category: "Zakat 2024",
          dueDate: "2024-04-10",
          priority: "medium",
          createdAt: "2024-04-10T10:00:00.000Z",
        },
      ],
    });
    for (const latest of [
      calculation(),
      calculation({ isAboveNissab: false, zakatDue: "0.00" }),
      calculation({ currency: "USD", name: "In dollars" }),
    ]) {
      serveLatest([latest]);
      const { unmount } = renderTracker("/dashboard", cards());
      await waitFor(() => expect(screen.getByTestId("nisab-card-due").textContent).toBe("€125.00"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId("record-calculation-offer")).toBeNull();
      unmount();
    }
  });

  it("nisab card: without a nisab date, says how to start", async () => {
    serveTracker();
    renderTracker("/dashboard", cards());
    expect((await screen.findByTestId("nisab-card-empty")).textContent).toContain(
      "No nisab date set yet.",
    );
    expect(await screen.findByTestId("timeline-card-empty")).toBeTruthy();
  });

  it("timeline card: the most recent milestone and the next one, see more to /calendar, remove one", async () => {
    const api = serveTracker({
      milestones: [
        up(),
        ...reviews(),
        milestone({ date: "2024-04-10", title: "Paid the poor", type: "payment" }),
      ],
    });
    renderTracker("/dashboard", cards());
    const card = screen.getByTestId("timeline-card");
    await waitFor(() => expect(within(card).getAllByTestId("milestone-item")).toHaveLength(2));
    const title = (part: string) =>
      within(within(card).getByTestId(part)).getByTestId("milestone-title").textContent;
    // not the reviews a year ahead: what just happened and what comes next
    expect(title("timeline-card-past")).toBe("Paid the poor");
    expect(title("timeline-card-next")).toBe("Review 1");
    expect(within(card).queryByTestId("timeline-view-all")).toBeNull();
    expect(within(card).getByRole("link", { name: "See more" }).getAttribute("href")).toBe(
      "/calendar",
    );
    fireEvent.click(within(card).getByRole("button", { name: "Remove Paid the poor" }));
    const confirm = await screen.findByTestId("remove-milestone-dialog");
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId("confirm-remove-milestone"));
    });
    await waitFor(() => expect(title("timeline-card-past")).toBe("Up"));
    expect(api.requests[0]!.method).toBe("DELETE");
  });

  it("timeline card: the first milestone added here opens the congratulations", async () => {
    const api = serveTracker();
    renderTracker("/dashboard", cards());
    const card = screen.getByTestId("timeline-card");
    await within(card).findByTestId("timeline-card-empty");
    fireEvent.click(within(card).getByRole("button", { name: "Add milestone" }));
    const dialog = await screen.findByRole("dialog", { name: "Add milestone" });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Zakat day" } });
    fireEvent.click(within(dialog).getByTestId("date-picker-trigger"));
    await waitFor(() =>
      expect((document.activeElement as HTMLElement).dataset.day).toBe("2024-04-12"),
    );
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Add milestone" }));
    });
    expect(api.requests[0]!.body).toEqual({
      date: "2024-04-12",
      title: "Zakat day",
      type: "due",
      today: "2024-04-12",
    });
    const congrats = await screen.findByRole("dialog", { name: "Congratulations!" });
    expect(congrats.textContent).toContain("Add the day your wealth reached the nisab");
    fireEvent.click(within(congrats).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(within(card).getAllByTestId("milestone-item")).toHaveLength(1));
  });
});
