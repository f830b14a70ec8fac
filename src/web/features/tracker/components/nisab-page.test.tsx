// @vitest-environment jsdom
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { milestone, serveTracker } from "../test/tracker-api";
import { renderTracker, stubBrowserApis, workspacesState } from "../test/render";
import { NisabPage } from "./nisab-page";

installContractServer();

// The /nisab screen against a fake API that applies the domain's rules. Today is fixed to
// 12 April 2024 (3 Shawwal 1445); 11 March 2024 is 1 Ramadan 1445, and one Umm al-Qura year
// later, 1 Ramadan 1446, is 1 March 2025.

beforeAll(stubBrowserApis);
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2024-04-12T10:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const focusedDay = () => (document.activeElement as HTMLElement | null)?.dataset.day;

/** Opens the threshold card's picker and walks the keyboard to `day`. */
async function pickInCard(card: HTMLElement, day: string) {
  fireEvent.click(within(card).getByTestId("date-picker-trigger"));
  await waitFor(() => expect(focusedDay()).toBeDefined());
  const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
  while (focusedDay()!.slice(0, 7) > day.slice(0, 7)) press("PageUp");
  while (focusedDay()!.slice(0, 7) < day.slice(0, 7)) press("PageDown");
  while (focusedDay()! > day) press("ArrowLeft");
  while (focusedDay()! < day) press("ArrowRight");
  expect(focusedDay()).toBe(day);
  fireEvent.click(document.activeElement!);
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

const card = () => screen.getByTestId("threshold-card");
const status = () => screen.getByTestId("zakat-year-status");

// long flows through several dialogs: slow on a busy machine
describe("NisabPage", { timeout: 15_000 }, () => {
  it("without a zakat year start shows only the threshold card", async () => {
    serveTracker();
    renderTracker("/nisab", <NisabPage />);
    expect(screen.getByText("Loading your tracker...")).toBeTruthy();
    await screen.findByTestId("threshold-card");
    expect(screen.getByTestId("nisab-intro").textContent).toContain(
      "A zakat year is one lunar year.",
    );
    expect(screen.queryByTestId("zakat-year-status")).toBeNull();
    expect(screen.queryByTestId("timeline-card")).toBeNull();
    expect(screen.queryByTestId("records-card")).toBeNull();
    expect(screen.queryByTestId("tracker-settings")).toBeNull();
    expect(within(card()).getAllByRole("radio")).toHaveLength(1);
  });

  it("threshold, congratulations, running year; a dip cancels later reviews and pauses it; a new threshold restarts it", async () => {
    const api = serveTracker();
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("threshold-card");

    // 1. the first threshold, with the proposed quarterly reviews
    await pickInCard(card(), "2024-03-11");
    fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    const setup = await screen.findByRole("dialog", { name: "Set up your review schedule" });
    expect(within(setup).getByRole("checkbox", { name: /Quarterly reviews/ })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(setup).getByRole("checkbox", { name: /Monthly reviews/ })).toHaveProperty(
      "checked",
      false,
    );
    expect(
      within(setup)
        .getAllByTestId("review-preview-item")
        .map((li) => li.firstChild!.textContent),
    ).toEqual(["25% Zakat Review", "50% Zakat Review", "75% Zakat Review", "100% Zakat Review"]);
    // the 100 % review falls on the year's end
    expect(within(setup).getAllByTestId("review-preview-item")[3]!.textContent).toContain(
      "1 March 2025 · 1 Ramadan 1446 AH",
    );
    await act(async () => {
      fireEvent.click(within(setup).getByRole("button", { name: "Add to timeline" }));
    });
    expect(api.requests[0]).toEqual({
      method: "POST",
      path: "/milestones",
      body: {
        date: "2024-03-11",
        title: "Nisab reached",
        type: "threshold",
        titleCode: "nisab-reached",
        reminders: { quarterly: true, monthly: false },
        language: "en",
        today: "2024-04-12",
      },
    });

    // 2. congratulations after the first milestone
    const congrats = await screen.findByRole("dialog", { name: "Congratulations!" });
    expect(congrats.textContent).toContain(
      "You added your first milestone: your zakat year started on 11 March 2024.",
    );
    expect(within(congrats).getByTestId("congratulations-due").textContent).toContain(
      "Zakat falls due on 1 March 2025 (1 Ramadan 1446 AH)",
    );
    fireEvent.click(within(congrats).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // 3. the year runs, with its Hijri end date
    await waitFor(() => expect(status().dataset.status).toBe("running"));
    expect(within(status()).getByTestId("zakat-year-title").textContent).toBe("Zakat year running");
    expect(within(status()).getByTestId("year-end").textContent).toBe("1 March 2025");
    expect(within(status()).getByTestId("year-end-hijri").textContent).toBe("1 Ramadan 1446 AH");
    expect(within(status()).getByTestId("year-start-relative").textContent).toBe("last month");
    expect(within(status()).getByTestId("year-elapsed").textContent).toBe("1 month, 2 days");
    // 32 of 354 days: 9 %
    const rings = within(status()).getAllByRole("progressbar", { name: "Zakat year progress" });
    expect(rings.map((r) => r.getAttribute("aria-valuenow"))).toEqual(["9", "9"]);
    expect(screen.getAllByTestId("milestone-item")).toHaveLength(5);

    // 4. below the nisab on 1 April: the later reviews are cancelled, the year pauses
    const down = within(card()).getByRole("radio", { name: /Fell below threshold/ });
    fireEvent.click(down);
    await pickInCard(card(), "2024-04-01");
    await act(async () => {
      fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    });
    expect(api.requests[1]!.body).toEqual({
      date: "2024-04-01",
      title: "Fell below nisab",
      type: "threshold-down",
      titleCode: "nisab-below",
      today: "2024-04-12",
    });
    await waitFor(() => expect(status().dataset.status).toBe("paused"));
    expect(within(status()).getByTestId("zakat-year-title").textContent).toBe(
      "Zakat year ended below nisab",
    );
    expect(status().textContent).toContain("fell below the nisab on 1 April 2024");
    expect(screen.queryByRole("dialog", { name: "Congratulations!" })).toBeNull();
    const items = screen.getAllByTestId("milestone-item");
    expect(items.map((i) => i.dataset.type)).toEqual([
      "threshold",
      "threshold-down",
      "due",
      "due",
      "due",
    ]);
    expect(screen.getAllByTestId("milestone-cancelled")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "View all" }).getAttribute("href")).toBe("/calendar");

    // 5. nisab again on 10 April, no reviews this time: a new year starts that day
    fireEvent.click(within(card()).getByRole("radio", { name: /Threshold exceeded/ }));
    await pickInCard(card(), "2024-04-10");
    fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    const again = await screen.findByRole("dialog", { name: "Set up your review schedule" });
    fireEvent.click(within(again).getByRole("checkbox", { name: /Quarterly reviews/ }));
    expect(within(again).getByTestId("review-preview-empty")).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(again).getByRole("button", { name: "Add to timeline" }));
    });
    expect(api.requests[2]!.body).toMatchObject({
      reminders: { quarterly: false, monthly: false },
    });
    await waitFor(() => expect(status().dataset.status).toBe("running"));
    expect(within(status()).getByTestId("year-start").textContent).toBe("10 April 2024");
    // 1 Shawwal 1445 → 1 Shawwal 1446
    expect(within(status()).getByTestId("year-end-hijri").textContent).toBe("1 Shawwal 1446 AH");
  });

  it("in French: French review titles are asked for, French status texts", async () => {
    const api = serveTracker();
    renderTracker("/fr/nisab", <NisabPage />);
    await screen.findByTestId("threshold-card");
    await pickInCard(card(), "2024-03-11");
    fireEvent.click(within(card()).getByRole("button", { name: "Ajouter à la chronologie" }));
    const setup = await screen.findByRole("dialog", { name: "Planifiez vos bilans" });
    expect(within(setup).getAllByTestId("review-preview-item")[0]!.textContent).toContain(
      "Bilan de zakat à 25 %",
    );
    await act(async () => {
      fireEvent.click(within(setup).getByRole("button", { name: "Ajouter à la chronologie" }));
    });
    expect(api.requests[0]!.body).toMatchObject({ title: "Nisab atteint", language: "fr" });
    const congrats = await screen.findByRole("dialog", { name: "Félicitations\u202F!" });
    fireEvent.click(within(congrats).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(status().dataset.status).toBe("running"));
    expect(within(status()).getByTestId("zakat-year-title").textContent).toBe(
      "Année de zakat en cours",
    );
    expect(within(status()).getByTestId("year-end").textContent).toBe("1 mars 2025");
    expect(within(status()).getByTestId("year-elapsed").textContent).toBe("1 mois, 2 jours");
    expect(screen.getAllByTestId("milestone-title")[1]!.textContent).toBe("Bilan de zakat à 25 %");
  });

  it("the notification settings are saved for the person and set the reviews proposed for the next threshold", async () => {
    const api = serveTracker();
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("threshold-card");
    fireEvent.click(screen.getByRole("button", { name: "Notification settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Notification settings" });
    // the spec's defaults: quarterly on, monthly off, a week before the due date on
    expect(await within(dialog).findAllByTestId("review-preview-item")).toHaveLength(4);
    expect(within(dialog).getByRole("checkbox", { name: /E-mail me reminders/ })).toHaveProperty(
      "checked",
      true,
    );
    const weekBefore = within(dialog).getByRole("checkbox", { name: /A week before a due date/ });
    expect(weekBefore).toHaveProperty("checked", true);
    fireEvent.click(weekBefore);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Monthly reviews/ }));
    // months 1–11 without 3, 6 and 9, plus the 4 quarterly ones
    const preview = within(dialog).getAllByTestId("review-preview-item");
    expect(preview.map((li) => li.lastChild!.textContent)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => (n === 1 ? "1 month" : `${n} months`)),
    );
    expect(preview.map((li) => li.firstChild!.textContent).slice(0, 3)).toEqual([
      "Monthly Zakat Review",
      "Monthly Zakat Review",
      "25% Zakat Review",
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // on the server, with this page's language and the browser's time zone
    expect(api.requests).toEqual([
      {
        method: "PATCH",
        path: "/api/me/notification-settings",
        body: {
          emailReminders: true,
          quarterlyReviews: true,
          monthlyReviews: true,
          weekBeforeDue: false,
          language: "en",
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      },
    ]);
    expect(api.notifications).toMatchObject({ monthlyReviews: true, weekBeforeDue: false });
    expect(JSON.parse(localStorage.getItem("zakat_review_defaults")!)).toEqual({
      quarterly: true,
      monthly: true,
    });
    api.requests.length = 0;

    await pickInCard(card(), "2024-03-11");
    fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    const setup = await screen.findByRole("dialog", { name: "Set up your review schedule" });
    expect(within(setup).getByRole("checkbox", { name: /Monthly reviews/ })).toHaveProperty(
      "checked",
      true,
    );
    await act(async () => {
      fireEvent.click(within(setup).getByRole("button", { name: "Add to timeline" }));
    });
    expect(api.requests[0]!.body).toMatchObject({ reminders: { quarterly: true, monthly: true } });
    await screen.findByRole("dialog", { name: "Congratulations!" });
  });

  it("proposes the person's saved reviews, from the server, on a device that never saved them", async () => {
    serveTracker({
      notifications: {
        emailReminders: true,
        quarterlyReviews: false,
        monthlyReviews: true,
        weekBeforeDue: true,
        language: "en",
        timeZone: "Europe/Brussels",
      },
    });
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("threshold-card");
    await waitFor(() => expect(apiCalls().length).toBeGreaterThanOrEqual(2));
    await pickInCard(card(), "2024-03-11");
    fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    const setup = await screen.findByRole("dialog", { name: "Set up your review schedule" });
    expect(within(setup).getByRole("checkbox", { name: /Quarterly reviews/ })).toHaveProperty(
      "checked",
      false,
    );
    expect(within(setup).getByRole("checkbox", { name: /Monthly reviews/ })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("says a threshold on a day that has one before the review setup opens, and adds nothing", async () => {
    const api = serveTracker({
      milestones: [milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "x" })],
    });
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("zakat-year-status");
    await pickInCard(card(), "2024-03-11");
    await act(async () => {
      fireEvent.click(within(card()).getByRole("button", { name: "Add to timeline" }));
    });
    expect(within(card()).getByTestId("threshold-error").textContent).toBe(
      "Cannot add a threshold milestone on the same date as another threshold milestone.",
    );
    expect(screen.queryByRole("dialog", { name: "Set up your review schedule" })).toBeNull();
    expect(api.requests).toHaveLength(0);
    expect(api.milestones).toHaveLength(1);
  });

  it("the add dialog greys out days after today for a threshold, not for a due date", async () => {
    serveTracker({
      milestones: [milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "x" })],
    });
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("timeline-card");
    fireEvent.click(screen.getByRole("button", { name: "Add milestone" }));
    const dialog = await screen.findByRole("dialog", { name: "Add milestone" });
    const tomorrow = async () => {
      fireEvent.click(within(dialog).getByTestId("date-picker-trigger"));
      // the picker's own layer, not the whole page: role queries walk every element they get
      const picker = await screen.findByRole("dialog", { name: "Choose a date" });
      const disabled = within(picker)
        .getByRole("button", { name: "Saturday 13 April 2024" })
        .getAttribute("aria-disabled");
      // close the picker by picking a past day
      fireEvent.click(within(picker).getByRole("button", { name: "Thursday 11 April 2024" }));
      await waitFor(() => expect(picker.isConnected).toBe(false));
      return disabled;
    };
    expect(await tomorrow()).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Type"), { target: { value: "threshold" } });
    expect(await tomorrow()).toBe("true");
  });

  it("adds a milestone from the dialog (due by default) and removes one", async () => {
    const api = serveTracker({
      milestones: [
        milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "Start" }),
      ],
    });
    renderTracker("/nisab", <NisabPage />);
    await screen.findByTestId("timeline-card");
    fireEvent.click(screen.getByRole("button", { name: "Add milestone" }));
    const dialog = await screen.findByRole("dialog", { name: "Add milestone" });
    expect((within(dialog).getByLabelText("Type") as HTMLSelectElement).value).toBe("due");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add milestone" }));
    expect(await within(dialog).findByText("Enter a title.")).toBeTruthy();
    expect(within(dialog).getByText("Pick a date.")).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Title"), {
      target: { value: " Pay the mosque " },
    });
    fireEvent.click(within(dialog).getByTestId("date-picker-trigger"));
    await waitFor(() => expect(focusedDay()).toBe("2024-04-12"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" }); // the future is allowed here
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Add milestone" }));
    });
    expect(api.requests[0]!.body).toEqual({
      date: "2024-04-13",
      title: "Pay the mosque",
      type: "due",
      today: "2024-04-12",
    });
    await waitFor(() => expect(screen.getAllByTestId("milestone-item")).toHaveLength(2));
    expect(screen.getAllByTestId("milestone-elapsed")[1]!.textContent).toBe("Future date");

    fireEvent.click(screen.getByRole("button", { name: "Remove Pay the mosque" }));
    const confirm = await screen.findByTestId("remove-milestone-dialog");
    expect(api.requests).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId("confirm-remove-milestone"));
    });
    await waitFor(() => expect(screen.getAllByTestId("milestone-item")).toHaveLength(1));
    expect(api.requests[1]!.method).toBe("DELETE");
  });

  it("records: add one typed the French way, pay part of it, then the rest", async () => {
    const api = serveTracker({
      milestones: [
        milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "Start" }),
      ],
    });
    renderTracker("/fr/nisab", <NisabPage />);
    const records = await screen.findByTestId("records-card");
    expect(within(records).getByTestId("total-due").textContent).toMatch(/^0,00\s€$/);
    fireEvent.click(within(records).getByRole("button", { name: "Ajouter une obligation" }));
    const dialog = await screen.findByRole("dialog", { name: "Ajouter une obligation" });
    expect((within(dialog).getByLabelText("Priorité") as HTMLSelectElement).value).toBe("medium");
    const amount = within(dialog).getByLabelText("Montant (EUR)");
    fireEvent.change(amount, { target: { value: "1.234" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter l'obligation" }));
    expect(within(dialog).getByText(/Le séparateur est-il décimal/)).toBeTruthy();
    expect(within(dialog).getByText("Saisissez une catégorie.")).toBeTruthy();
    expect(within(dialog).getByText("Choisissez une échéance.")).toBeTruthy();

    fireEvent.change(amount, { target: { value: "1 234,56" } });
    fireEvent.change(within(dialog).getByLabelText("Catégorie"), { target: { value: "Épargne" } });
    fireEvent.click(within(dialog).getByTestId("date-picker-trigger"));
    await waitFor(() => expect(focusedDay()).toBeDefined());
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter l'obligation" }));
    });
    expect(api.requests[0]!.body).toEqual({
      amount: "1234.56",
      category: "Épargne",
      dueDate: "2024-04-12",
      priority: "medium",
    });
    await waitFor(() =>
      expect(within(records).getByTestId("total-due").textContent).toMatch(/^1\s234,56\s€$/),
    );
    expect(within(records).getByTestId("record-state").textContent).toBe("Non payé");

    // in part
    fireEvent.click(within(records).getByRole("button", { name: "Marquer payé\u202F: Épargne" }));
    let pay = await screen.findByRole("dialog", { name: "Marquer payé" });
    const paid = within(pay).getByLabelText("Montant payé (EUR)") as HTMLInputElement;
    expect(paid.value).toBe("1234,56");
    fireEvent.change(paid, { target: { value: "2000" } });
    fireEvent.click(within(pay).getByRole("button", { name: "Enregistrer le paiement" }));
    expect(within(pay).getByText("C'est plus que ce qui reste à payer.")).toBeTruthy();
    fireEvent.change(paid, { target: { value: "234,56" } });
    await act(async () => {
      fireEvent.click(within(pay).getByRole("button", { name: "Enregistrer le paiement" }));
    });
    await waitFor(() =>
      expect(within(records).getByTestId("record-state").textContent).toBe("Payé en partie"),
    );
    expect(within(records).getByTestId("total-paid").textContent).toMatch(/^234,56\s€$/);

    // the rest in full
    fireEvent.click(within(records).getByRole("button", { name: "Marquer payé\u202F: Épargne" }));
    pay = await screen.findByRole("dialog", { name: "Marquer payé" });
    await act(async () => {
      fireEvent.click(within(pay).getByRole("button", { name: "Payé en totalité" }));
    });
    expect(api.requests.at(-1)!.body).toEqual({ amount: "1000" });
    await waitFor(() =>
      expect(within(records).getByTestId("record-state").textContent).toBe("Payé"),
    );
    expect(within(records).queryByRole("button", { name: /Marquer/ })).toBeNull();
    expect(within(records).getByTestId("total-paid").textContent).toMatch(/^1\s234,56\s€$/);
  });

  it("switching to the Hanafi rule keeps the year through a dip", async () => {
    const api = serveTracker({
      milestones: [
        milestone({ date: "2024-03-11", type: "threshold", code: "ZT1", title: "Up" }),
        milestone({
          date: "2024-04-01",
          type: "threshold-down",
          code: "ZT1",
          parentCode: "ZT1",
          title: "Down",
        }),
      ],
    });
    renderTracker("/nisab", <NisabPage />);
    await waitFor(() => expect(status().dataset.status).toBe("paused"));
    expect(within(status()).getByTestId("zakat-year-title").textContent).toBe(
      "Zakat year ended below nisab",
    );
    expect(within(status()).queryByTestId("year-end")).toBeNull();
    const settings = screen.getByTestId("tracker-settings");
    expect(within(settings).getByRole("button", { name: "Save settings" })).toHaveProperty(
      "disabled",
      true,
    );
    fireEvent.click(within(settings).getByRole("radio", { name: /Hanafi/ }));
    await act(async () => {
      fireEvent.click(within(settings).getByRole("button", { name: "Save settings" }));
    });
    expect(api.requests[0]).toEqual({
      method: "PATCH",
      path: "/zakat/settings",
      body: { hawlRule: "hanafi", yearBasis: "hijri", currency: "EUR" },
    });
    await waitFor(() =>
      expect(within(status()).getByTestId("zakat-year-title").textContent).toBe(
        "Below nisab — only the year end counts",
      ),
    );
    expect(within(status()).getByTestId("year-end").textContent).toBe("1 March 2025");
    // the ring keeps counting while below the nisab (32 of 354 days); the title says below
    const ring = within(status()).getAllByRole("progressbar")[0]!;
    expect(ring.getAttribute("aria-valuenow")).toBe("9");
  });

  it("says when loading failed and tries again", async () => {
    const api = serveTracker({ fail: { load: true } });
    renderTracker("/nisab", <NisabPage />);
    expect((await screen.findByTestId("nisab-load-error")).textContent).toBe(
      "Could not load your tracker. Check your connection and try again.",
    );
    api.fail.load = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("threshold-card");
  });

  it("without a workspace, points to the workspace settings", () => {
    serveTracker();
    renderTracker("/nisab", <NisabPage />, workspacesState(null));
    expect(screen.getByTestId("nisab-no-workspace").textContent).toContain("No workspace selected");
  });
});

describe("NisabPage's zakat statement", () => {
  const year = [milestone({ date: "2024-03-11", type: "threshold", endDate: "2025-03-01" })];

  it("links each year with a calculation to its PDF in the page's language, and says when one has none", async () => {
    serveTracker({
      milestones: [
        ...year,
        milestone({ date: "2025-03-10", type: "threshold", endDate: "2026-02-27" }),
      ],
      statements: {
        included: true,
        calculations: { "2025-03-01": "00000000-0000-4000-8000-0000000000c1" },
      },
    });
    renderTracker("/fr/nisab", <NisabPage />);
    const years = await screen.findAllByTestId("statement-year");
    expect(years).toHaveLength(2);
    // newest first: 1447 has no calculation yet
    expect(years[0]!.textContent).toContain("Pas encore de calcul pour cette année.");
    expect(within(years[0]!).getByRole("link", { name: "Ouvrir le calculateur" })).toBeTruthy();
    const download = within(years[1]!).getByTestId("statement-download");
    expect(download.textContent).toBe("Télécharger le relevé 1446 AH");
    expect(download.getAttribute("href")).toBe(
      "/api/workspaces/00000000-0000-4000-8000-00000000000a/statements/2025-03-01.pdf?lang=fr",
    );
    expect(download.hasAttribute("download")).toBe(true);
    expect(screen.queryByTestId("statement-upgrade")).toBeNull();
  });

  it("on the free plan says what a statement holds and links to the plans", async () => {
    serveTracker({ milestones: year, statements: { included: false, calculations: {} } });
    renderTracker("/nisab", <NisabPage />);
    const upgrade = await screen.findByTestId("statement-upgrade");
    expect(upgrade.textContent).toContain("every asset and debt of the calculation");
    expect(upgrade.textContent).toContain("Statements are part of the Standard and Pro plans.");
    expect(within(upgrade).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/pricing",
    );
    expect(screen.queryByTestId("statement-download")).toBeNull();
  });

  it("lets the member pick the calculation among the year's, the nearest first", async () => {
    serveTracker({ milestones: year });
    serve(
      route("get", "/api/workspaces/{ws}/statements", () =>
        Response.json({
          included: true,
          years: [
            {
              due: "2025-03-01",
              start: "2024-03-11",
              hijriYear: 1446,
              calculationId: "00000000-0000-4000-8000-0000000000c1",
              calculationDate: "2025-02-27",
              calculations: [
                {
                  id: "00000000-0000-4000-8000-0000000000c1",
                  name: "Near",
                  calculationDate: "2025-02-27",
                },
                {
                  id: "00000000-0000-4000-8000-0000000000c2",
                  name: "Early",
                  calculationDate: "2025-01-15",
                },
              ],
            },
          ],
        }),
      ),
    );
    renderTracker("/nisab", <NisabPage />);
    const select = await screen.findByLabelText<HTMLSelectElement>(
      "Calculation the statement rests on",
    );
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Near (27 February 2025)",
      "Early (15 January 2025)",
    ]);
    const download = screen.getByTestId("statement-download");
    expect(download.getAttribute("href")).toBe(
      "/api/workspaces/00000000-0000-4000-8000-00000000000a/statements/2025-03-01.pdf?lang=en",
    );
    fireEvent.change(select, { target: { value: "00000000-0000-4000-8000-0000000000c2" } });
    expect(download.getAttribute("href")).toBe(
      "/api/workspaces/00000000-0000-4000-8000-00000000000a/statements/2025-03-01.pdf?lang=en&calculation=00000000-0000-4000-8000-0000000000c2",
    );
  });

  it("turns STATEMENT_NO_CALCULATION on download into the message and the calculator's link", async () => {
    serveTracker({
      milestones: year,
      statements: {
        included: true,
        calculations: { "2025-03-01": "00000000-0000-4000-8000-0000000000c1" },
      },
    });
    serve(
      route("get", "/api/workspaces/{ws}/statements/{year}.pdf", () =>
        Response.json(
          { error: { code: "STATEMENT_NO_CALCULATION", message: "No completed calculation" } },
          { status: 404 },
        ),
      ),
    );
    renderTracker("/nisab", <NisabPage />);
    fireEvent.click(await screen.findByTestId("statement-download"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No calculation for this year yet.");
    expect(within(alert).getByRole("link", { name: "Open the calculator" })).toBeTruthy();
  });
});
