// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enCalculator from "#locales/en/calculator.json";
import frCalculator from "#locales/fr/calculator.json";
import nlCalculator from "#locales/nl/calculator.json";
import { apiError, route, serve } from "~/test/msw";
import { spyOnToasts } from "~/test/toasts";
import { autoSaveDelayMs } from "../hooks/use-server-save";
import { toSaveBody } from "../model/saved";
import { CURRENT_SESSION_KEY, saveDraft } from "../model/storage";
import { maxSessions, SAVED_SESSIONS_KEY } from "../model/sessions";
import { serializeSessionStore } from "../model/sessions-storage";
import { savedCalculation, savedId, serveSaves } from "../test/calculations-api";
import { cashDraft } from "../test/drafts";
import { setUpCalculatorPage } from "../test/prices-api";
import { loadCalculatorDialogs } from "../test/dialogs";
import { renderSignedIn } from "../test/signed-in";
import { CalculatorPage } from "./calculator-page";

// Issue 30: what the calculator sends to the server while a saved calculation is open.

beforeAll(loadCalculatorDialogs);
setUpCalculatorPage();
afterEach(cleanup);

function renderPage(at: string) {
  return renderSignedIn(at, {
    "/calculator": <CalculatorPage />,
    "/fr/calculator": <CalculatorPage />,
    "/nl/calculator": <CalculatorPage />,
  });
}

/** The server's copy of the saved calculation, `version` 4, on its results (completed). */
function serveStored(step: "results" | "cash" = "results") {
  const body = toSaveBody(cashDraft(step), {
    name: "Family zakat",
    isCompleted: step === "results",
  });
  if (typeof body === "string") throw new Error(body);
  const stored = savedCalculation(body, 4);
  serve(route("get", "/api/workspaces/{ws}/calculations/{id}", () => Response.json(stored)));
  return stored;
}
const languages = [
  { path: "/calculator", catalogue: enCalculator },
  { path: "/fr/calculator", catalogue: frCalculator },
  { path: "/nl/calculator", catalogue: nlCalculator },
];
// The clock runs as usual, and waiting out the autosave delay jumps instead of sleeping.
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let saves: ReturnType<typeof serveSaves>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  saves = serveSaves();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Opening a saved calculation (issue 30 #3)", () => {
  it("coming back to the calculator later sends nothing either", async () => {
    serveStored();
    renderPage(`/calculator?load=${savedId}`);
    await screen.findByTestId("zakat-due");
    cleanup();
    renderPage("/calculator");
    await screen.findByTestId("zakat-due");
    await pause(autoSaveDelayMs + 300);
    expect(saves.puts).toHaveLength(0);
  });

  it("a change made before leaving is still sent on coming back", async () => {
    serveStored();
    renderPage(`/calculator?load=${savedId}`);
    await screen.findByTestId("zakat-due");
    fireEvent.click(screen.getByTestId("step-back"));
    fireEvent.change(screen.getByLabelText(/^Cash in hand/), { target: { value: "700" } });
    cleanup();
    renderPage("/calculator");
    await screen.findByLabelText(/^Cash in hand/);
    await pause(autoSaveDelayMs + 300);
    expect(saves.puts).toHaveLength(1);
    expect(
      (saves.puts[0]!.body as { cashAmounts: { cashInHand: string } }).cashAmounts.cashInHand,
    ).toBe("700");
  });
});

describe("The open calculation deleted elsewhere (issue 30 #4)", () => {
  it.each(
    languages.map(({ path, catalogue: c }) => [
      path,
      c.save.deleted.title,
      c.save.deleted.saveAsNew,
      c.fields.cashInHand.label,
    ]),
  )("%s says so and saves it as a new one", async (path, title, button, cash) => {
    const toasts = spyOnToasts();
    serveStored();
    renderPage(`${path}?load=${savedId}`);
    await screen.findByTestId("zakat-due");
    // deleted in History (here or on another device): the server no longer knows the id
    serve(
      route("put", "/api/workspaces/{ws}/calculations/{id}", () =>
        apiError(404, "NOT_FOUND", "Not found"),
      ),
    );
    fireEvent.click(screen.getByTestId("step-back"));
    const cashField = () => screen.getByLabelText(new RegExp(`^${cash} \\(`));
    fireEvent.change(cashField(), {
      target: { value: "700" },
    });
    await pause(autoSaveDelayMs + 300);
    const notice = await screen.findByTestId("calculation-deleted");
    expect(notice.textContent).toContain(title);
    expect(toasts.error).not.toHaveBeenCalled();
    // the session kept here is no longer "Saved to your workspace"
    expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).link).toBeNull();
    // not "Saving…" for ever, and no more saves into the deleted calculation
    expect(screen.queryByTestId("save-status")).toBeNull();
    fireEvent.change(cashField(), {
      target: { value: "800" },
    });
    await pause(autoSaveDelayMs + 300);
    expect(saves.posts).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: button }));
    await act(async () => {});
    await pause(50);
    expect(saves.posts).toHaveLength(1);
    const sent = saves.posts[0]!.body as { name: string; cashAmounts: { cashInHand: string } };
    expect(sent.name).toBe("Family zakat");
    expect(sent.cashAmounts.cashInHand).toBe("800");
    expect(screen.queryByTestId("calculation-deleted")).toBeNull();
    expect(screen.getByTestId("save-status").getAttribute("data-status")).toBe("saved");
  });
});

describe("A new calculation, and starting over (issue 30 #5)", () => {
  it("History's New calculation opens an empty one and keeps the open one in the sessions", async () => {
    serveStored();
    renderPage(`/calculator?load=${savedId}`);
    await screen.findByTestId("zakat-due");
    cleanup();
    renderPage("/calculator?new=1");
    await act(async () => {});
    expect(screen.getByTestId("step-progress").textContent).toBe("Step 1 of 3");
    expect(screen.queryByTestId("zakat-due")).toBeNull();
    // ?new answered; the address says the step (use-step-in-url.ts)
    expect(screen.getByTestId("location").textContent).toBe("/calculator?step=1");
    const kept = JSON.parse(localStorage.getItem(SAVED_SESSIONS_KEY)!) as {
      sessions: { name: string; link: { id: string } | null }[];
    };
    expect(kept.sessions.map((s) => [s.name, s.link?.id])).toEqual([["Family zakat", savedId]]);
    await pause(autoSaveDelayMs + 300);
    expect(saves.puts).toHaveLength(0);
  });

  it("with the device's session list full, New calculation keeps the open one and says so", async () => {
    const toasts = spyOnToasts();
    const others = Array.from({ length: maxSessions - 1 }, (_, i) => ({
      id: `local_${i}`,
      name: `Kept ${i}`,
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-01T10:00:00.000Z",
      documents: [],
      completed: false,
      draft: cashDraft("cash"),
      link: null,
    }));
    localStorage.setItem(SAVED_SESSIONS_KEY, serializeSessionStore({ current: null, others }));
    saveDraft(cashDraft("cash"));
    renderPage("/calculator?new=1");
    await act(async () => {});
    expect(toasts.error).toHaveBeenCalledWith(
      `You can keep up to ${maxSessions} calculations on this device. Delete one to start another.`,
      expect.anything(),
    );
    expect((screen.getByLabelText(/^Cash in hand/) as HTMLInputElement).value).toBe("500");
    expect(screen.getByTestId("location").textContent).toBe("/calculator?step=3");
  });

  it.each(languages.map(({ path, catalogue }) => [path, catalogue] as const))(
    "%s: Start over asks first; Cancel keeps the calculation",
    async (path, catalogue) => {
      const words = catalogue.nav.startOverConfirm;
      serveStored();
      renderPage(`${path}?load=${savedId}`);
      await screen.findByTestId("zakat-due");
      fireEvent.click(screen.getByTestId("start-over"));
      const dialog = await screen.findByTestId("start-over-dialog");
      expect(dialog.textContent).toContain(words.title);
      expect(dialog.textContent).toContain(words.saved);
      fireEvent.click(within(dialog).getByRole("button", { name: words.cancel }));
      await act(async () => {});
      expect(screen.getByTestId("zakat-due")).toBeTruthy();

      fireEvent.click(screen.getByTestId("start-over"));
      fireEvent.click(await screen.findByTestId("start-over-dialog-confirm"));
      await act(async () => {});
      expect(screen.queryByTestId("zakat-due")).toBeNull();
      expect(screen.getByTestId("step-progress").textContent).toBe(
        catalogue.progress.label.replace("{{current}}", "1").replace("{{total}}", "3"),
      );
    },
  );
});
