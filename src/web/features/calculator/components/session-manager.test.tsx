// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { WorkspacesContext } from "~/lib/use-workspaces";
import {
  listRequests,
  makeCalculations,
  serveCalculations,
  workspace,
  workspacesState,
} from "~/features/history/test/calculations-api";
import { apiCalls, route, serve, installContractServer } from "~/test/msw";
import { initialDraft, type Draft } from "../model/draft";
import { defaultCalculationName } from "../model/saved";
import { maxSessions, SAVED_SESSIONS_KEY, type SavedSession } from "../model/sessions";
import { CURRENT_SESSION_KEY } from "../model/storage";
import { CalculatorPage } from "./calculator-page";
import { SessionManager } from "./session-manager";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

installContractServer();

const today = defaultCalculationName("en", "Zakat");

function renderPage() {
  return renderAt("/calculator", { "/calculator": <CalculatorPage /> });
}
const next = () => fireEvent.click(screen.getByTestId("step-next"));
const title = () => screen.getByTestId("step-title").textContent;
const cash = () => screen.getByLabelText(/^Cash in hand/) as HTMLInputElement;
const dialog = () => screen.getByRole("dialog");
const rows = () => within(dialog()).getAllByTestId("session-item");
const names = () =>
  within(dialog())
    .getAllByTestId("session-name")
    .map((n) => n.textContent);
const stored = () => JSON.parse(localStorage.getItem(SAVED_SESSIONS_KEY) ?? "null");

/** Cash selected, on the cash step, `amount` typed. */
function fillCash(amount: string) {
  fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
  next();
  next();
  fireEvent.change(cash(), { target: { value: amount } });
}

function openManager() {
  fireEvent.click(screen.getByTestId("open-sessions"));
  return dialog();
}

function keptSession(id: string, name: string, draft: Draft, updatedAt: string): SavedSession {
  return {
    id,
    name,
    createdAt: updatedAt,
    updatedAt,
    documents: [],
    completed: false,
    draft,
    link: null,
  };
}
function cashDraft(amount: string, step: Draft["step"] = "cash"): Draft {
  const d = initialDraft("en");
  return {
    ...d,
    step,
    assetSelection: { ...d.assetSelection, cash: true },
    amounts: { ...d.amounts, cashInHand: amount },
    settings: { ...d.settings, goldPriceText: "80", silverPriceText: "0.95", mode: "offline" },
  };
}

beforeEach(() => {
  localStorage.clear();
  serve(
    route("get", "/api/prices", () =>
      Response.json({
        goldPerGram: "80",
        silverPerGram: "0.95",
        currency: "EUR",
        source: "default",
        fetchedAt: "2026-01-01T00:00:00.000Z",
      }),
    ),
  );
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Session manager for a guest", () => {
  it("keeps two sessions, switches between them, renames, deletes and starts new", async () => {
    renderPage();
    await act(async () => {});
    fillCash("500");

    // the open one is listed, named, current and in progress
    openManager();
    expect(dialog().getAttribute("aria-labelledby")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Your calculations" })).toBe(dialog());
    expect(names()).toEqual([today]);
    expect(rows()[0]!.getAttribute("aria-current")).toBe("true");
    expect(within(rows()[0]!).getByTestId("session-status").textContent).toBe("In progress");
    expect(within(rows()[0]!).queryByTestId("session-open")).toBeNull();

    // a new one: the first is kept, the calculator is empty again
    fireEvent.click(within(dialog()).getByTestId("session-new"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(title()).toBe("What do you own?");
    expect(stored().sessions).toHaveLength(1);
    expect(stored().sessions[0]).toMatchObject({ name: today });
    expect(stored().sessions[0].draft.amounts.cashInHand).toBe("500");
    fillCash("700");

    openManager();
    expect(names()).toEqual([`${today} (2)`, today]);
    expect(within(dialog()).getByTestId("session-count").textContent).toBe(
      `2 of ${maxSessions} kept`,
    );

    // open the first again: its amount is back, the second is kept
    fireEvent.click(within(dialog()).getByRole("button", { name: `Open ${today}` }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(title()).toBe("Cash and bank accounts");
    expect(cash().value).toBe("500");
    expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).draft.amounts.cashInHand).toBe(
      "500",
    );

    openManager();
    expect(names()).toEqual([today, `${today} (2)`]);
    expect(stored().sessions.map((s: SavedSession) => s.draft.amounts.cashInHand)).toEqual(["700"]);

    // rename the other one: Enter saves, focus returns to its Rename button
    const second = `${today} (2)`;
    fireEvent.click(within(dialog()).getByRole("button", { name: `Rename ${second}` }));
    const input = within(dialog()).getByRole("textbox", { name: `New name for ${second}` });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "  Shop  " } });
    await act(async () => {
      fireEvent.submit(input.closest("form")!);
    });
    expect(names()).toEqual([today, "Shop"]);
    expect(stored().sessions[0].name).toBe("Shop");
    expect(document.activeElement).toBe(
      within(dialog()).getByRole("button", { name: "Rename Shop" }),
    );

    // Escape cancels a rename, and only the rename: the dialog stays open
    fireEvent.click(within(dialog()).getByRole("button", { name: "Rename Shop" }));
    const again = within(dialog()).getByRole("textbox", { name: "New name for Shop" });
    fireEvent.change(again, { target: { value: "Nope" } });
    fireEvent.keyDown(again, { key: "Escape" });
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(names()).toEqual([today, "Shop"]);

    // an empty name is refused
    fireEvent.click(within(dialog()).getByRole("button", { name: "Rename Shop" }));
    const empty = within(dialog()).getByRole("textbox", { name: "New name for Shop" });
    fireEvent.change(empty, { target: { value: "   " } });
    await act(async () => {
      fireEvent.submit(empty.closest("form")!);
    });
    expect(empty.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog()).getByText("Enter a name.").id).toBe(
      empty.getAttribute("aria-describedby"),
    );
    expect(document.activeElement).toBe(empty);
    expect(names()).toEqual([today]);
    fireEvent.keyDown(empty, { key: "Escape" });

    // delete asks first; "Keep it" keeps it
    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete Shop" }));
    const question = within(dialog()).getByRole("group");
    expect(question.textContent).toContain("Delete “Shop” from this device?");
    expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Keep it" }));
    fireEvent.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(names()).toEqual([today, "Shop"]);
    expect(document.activeElement).toBe(
      within(dialog()).getByRole("button", { name: "Delete Shop" }),
    );

    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete Shop" }));
    fireEvent.click(within(dialog()).getByTestId("session-delete-yes"));
    expect(names()).toEqual([today]);
    expect(stored().sessions).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe("“Shop” was deleted.");
    // the open calculation is untouched
    fireEvent.click(within(dialog()).getByRole("button", { name: "Done" }));
    expect(cash().value).toBe("500");
  });

  it("shows a complete session with its zakat due", async () => {
    localStorage.setItem(
      SAVED_SESSIONS_KEY,
      JSON.stringify({
        version: 1,
        current: null,
        sessions: [
          keptSession(
            "local_done",
            "Last year",
            cashDraft("20000", "results"),
            "2025-11-01T10:00:00Z",
          ),
        ],
      }),
    );
    renderPage();
    await act(async () => {});
    openManager();
    const [, done] = rows();
    expect(within(done!).getByTestId("session-name").textContent).toBe("Last year");
    expect(within(done!).getByTestId("session-status").textContent).toBe("Complete");
    expect(within(done!).getByTestId("session-zakat").textContent).toBe("Zakat due: €500.00");
    expect(within(done!).getByTestId("session-updated").textContent).toMatch(
      /^Last changed .*2025/,
    );

    // opening it shows its results
    fireEvent.click(within(done!).getByRole("button", { name: "Open Last year" }));
    expect(title()).toBe("Your zakat");
    expect(screen.getByTestId("zakat-due").textContent).toBe("€500.00");

    // going back to edit: still complete (it reached the results)
    fireEvent.click(screen.getByTestId("step-back"));
    expect(title()).toBe("Cash and bank accounts");
    openManager();
    expect(names()[0]).toBe("Last year");
    expect(within(rows()[0]!).getByTestId("session-status").textContent).toBe("Complete");
    // the empty calculation open before was not worth keeping
    expect(rows()).toHaveLength(1);
  });

  it("marks the open session complete once it reaches the results", async () => {
    renderPage();
    await act(async () => {});
    fillCash("20000");
    next();
    expect(title()).toBe("Your zakat");
    fireEvent.click(screen.getByTestId("step-back"));
    openManager();
    expect(within(rows()[0]!).getByTestId("session-status").textContent).toBe("Complete");
    expect(within(rows()[0]!).getByTestId("session-zakat").textContent).toBe("Zakat due: €500.00");
  });

  it("skips what cannot be read in storage and never crashes", async () => {
    const good = keptSession("local_good", "Readable", cashDraft("42"), "2026-01-01T00:00:00Z");
    localStorage.setItem(
      SAVED_SESSIONS_KEY,
      JSON.stringify({
        version: 1,
        current: { id: 5 },
        sessions: [
          "x",
          null,
          { id: "local_bad", name: "No draft" },
          good,
          { ...good, name: "Dup" },
        ],
      }),
    );
    renderPage();
    await act(async () => {});
    openManager();
    expect(names()).toEqual([today, "Readable"]);
    fireEvent.click(within(dialog()).getByRole("button", { name: "Open Readable" }));
    expect(cash().value).toBe("42");

    cleanup();
    localStorage.setItem(SAVED_SESSIONS_KEY, "{not json");
    renderPage();
    await act(async () => {});
    openManager();
    expect(names()).toEqual([today]);
  });

  it("says so when the list is full, and does not start a new one", async () => {
    localStorage.setItem(
      SAVED_SESSIONS_KEY,
      JSON.stringify({
        version: 1,
        current: null,
        sessions: Array.from({ length: maxSessions - 1 }, (_, i) =>
          keptSession(`local_${i}`, `Kept ${i}`, cashDraft(String(i)), "2026-01-01T00:00:00Z"),
        ),
      }),
    );
    renderPage();
    await act(async () => {});
    fillCash("5");
    openManager();
    expect(rows()).toHaveLength(maxSessions);
    const start = within(dialog()).getByTestId("session-new") as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(within(dialog()).getByText(/You can keep up to 20 calculations/)).toBeTruthy();
    // deleting one makes room again
    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete Kept 3" }));
    fireEvent.click(within(dialog()).getByTestId("session-delete-yes"));
    expect((within(dialog()).getByTestId("session-new") as HTMLButtonElement).disabled).toBe(false);
  });

  it("deleting the open session clears it and starts a new one", async () => {
    renderPage();
    await act(async () => {});
    fillCash("900");
    openManager();
    fireEvent.click(within(dialog()).getByRole("button", { name: `Delete ${today}` }));
    expect(within(dialog()).getByRole("group").textContent).toContain("a new calculation starts");
    fireEvent.click(within(dialog()).getByTestId("session-delete-yes"));
    expect(names()).toEqual([today]);
    expect(stored().sessions).toEqual([]);
    fireEvent.click(within(dialog()).getByRole("button", { name: "Done" }));
    expect(title()).toBe("What do you own?");
  });
});

describe("Session manager, signed in", () => {
  const signedIn = {
    status: "signed-in",
    user: { id: "u1", email: "a@b.test", name: "A", emailVerified: true },
  } as SessionState;

  function renderManager(onStartNew = vi.fn()) {
    renderAt(
      "/fr/calculator",
      {
        "/fr/calculator": (
          <SessionManager
            draft={initialDraft("fr")}
            link={null}
            lang="fr"
            signedIn
            workspace={workspace}
            busy={false}
            onOpen={vi.fn()}
            onStartNew={onStartNew}
          />
        ),
      },
      (c) => (
        <SessionContext.Provider value={signedIn}>
          <WorkspacesContext.Provider value={workspacesState()}>{c}</WorkspacesContext.Provider>
        </SessionContext.Provider>
      ),
    );
    fireEvent.click(screen.getByTestId("open-sessions"));
  }

  it("lists the workspace's latest calculations and opens one with ?load", async () => {
    serveCalculations(makeCalculations(8));
    const onStartNew = vi.fn();
    renderManager(onStartNew);
    const section = within(dialog()).getByTestId("session-workspace");
    expect(within(section).getByRole("status").textContent).toContain("Chargement");
    const items = await within(section).findAllByTestId("session-saved-item");
    expect(items).toHaveLength(5);
    expect(apiCalls().map((c) => `${c.path}${c.search}`)).toContain(
      `/api/workspaces/${workspace.id}/calculations?latest=5`,
    );
    expect(within(section).getByRole("heading").textContent).toBe("Enregistrés dans Personal");
    expect(within(section).getByRole("list").getAttribute("aria-label")).toBe(
      "Derniers calculs enregistrés dans Personal",
    );
    expect(items[0]!.textContent).toContain("Calculation 8");
    expect(items[1]!.textContent?.replace(/\s/g, " ")).toContain("Zakat due : 1 234,50 €");
    expect(
      within(section)
        .getByRole("link", { name: "Tout voir dans l’historique des calculs" })
        .getAttribute("href"),
    ).toBe("/fr/calculator-history");

    fireEvent.click(within(section).getByRole("button", { name: "Ouvrir Calculation 7" }));
    expect(onStartNew).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe(
      "/fr/calculator?load=00000000-0000-4000-8000-000000000007",
    );
  });

  it("says when the list cannot be loaded, and tries again", async () => {
    serveCalculations(makeCalculations(2), { failList: true });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderManager();
    const section = within(dialog()).getByTestId("session-workspace");
    expect((await within(section).findByRole("alert")).textContent).toContain(
      "Les calculs enregistrés n’ont pas pu être chargés.",
    );
    const calls = listRequests().length;
    fireEvent.click(within(section).getByTestId("session-workspace-retry"));
    await act(async () => {});
    expect(listRequests().length).toBe(calls + 1);
  });
});
