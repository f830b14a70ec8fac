// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { AUTH_REDIRECT_KEY } from "~/lib/storage-keys";
import { renderAt } from "~/features/auth/test/render";
import { WorkspacesContext, type WorkspacesState } from "~/lib/use-workspaces";
import type { Draft } from "../model/draft";
import { PENDING_MIGRATION_KEY, pendingMigrationFor } from "../model/migration";
import { RESULTS_PROMPT_KEY } from "../model/results-prompt";
import { defaultCalculationName } from "../model/saved";
import { CURRENT_SESSION_KEY, saveDraft } from "../model/storage";
import { apiError, installContractServer, type RouteRequest } from "~/test/msw";
import { spyOnToasts } from "~/test/toasts";
import { savedId, serveSaves } from "../test/calculations-api";
import { servePrices } from "../test/prices-api";
import { CalculatorPage } from "./calculator-page";
import { cashDraft as exampleDraft } from "../test/drafts";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

/** A calculation on the cash step (next: the results). */
const cashDraft = (): Draft => exampleDraft("cash");

const signedIn = {
  status: "signed-in",
  user: { id: "u1", email: "a@b.test", name: "A", emailVerified: true },
} as SessionState;
const signedOut = { status: "signed-out", user: null } as SessionState;
const workspace = { id: "11111111-1111-4111-8111-111111111111", name: "Family" };
const workspaces = {
  status: "ready",
  workspaces: [workspace],
  current: workspace,
} as unknown as WorkspacesState;

function renderPage(session: SessionState, at = "/calculator") {
  return renderAt(
    at,
    {
      "/calculator": <CalculatorPage />,
      "/fr/calculator": <CalculatorPage />,
      "/dashboard": <p>dashboard</p>,
      "/signup": <p>sign-up page</p>,
      "/fr/signin": <p>sign-in page</p>,
    },
    (c) => (
      <SessionContext.Provider value={session}>
        <WorkspacesContext.Provider value={workspaces}>{c}</WorkspacesContext.Provider>
      </SessionContext.Provider>
    ),
  );
}

installContractServer();
let saves: ReturnType<typeof serveSaves>;
let posts: RouteRequest[];
beforeEach(() => {
  localStorage.clear();
  spyOnToasts();
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.scrollTo = () => {};
  // no prices: the calculator works offline
  servePrices(() => apiError(503, "UNAVAILABLE", "x"));
  saves = serveSaves();
  posts = saves.posts;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const next = () => fireEvent.click(screen.getByTestId("step-next"));
const back = () => fireEvent.click(screen.getByTestId("step-back"));
const prompt = () => screen.queryByTestId("update-dashboard-prompt");

describe("the update-dashboard prompt (signed in), under the result", () => {
  it("opens at the results and saves the calculation as completed, then offers the dashboard", async () => {
    saveDraft(cashDraft());
    renderPage(signedIn);
    await act(async () => {});
    expect(prompt()).toBeNull();
    next();
    const panel = await screen.findByTestId("update-dashboard-prompt");
    expect(within(panel).getByRole("heading").textContent).toBe("Update your dashboard?");
    // under the result, not a dialog over it (issue 30)
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(
      screen.getByTestId("zakat-due").compareDocumentPosition(panel) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(panel.textContent).toContain("in the workspace Family");
    const name = within(panel).getByTestId("update-dashboard-name") as HTMLInputElement;
    expect(name.value).toMatch(/^Zakat \d{1,2} [A-Z][a-z]+ \d{4}$/);
    fireEvent.change(name, { target: { value: "  Year 1447  " } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId("update-dashboard-submit"));
    });

    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe(`/api/workspaces/${workspace.id}/calculations`);
    expect(posts[0]!.headers.get("idempotency-key")).toBeTruthy();
    expect(posts[0]!.body).toMatchObject({
      name: "Year 1447",
      isCompleted: true,
      cashAmounts: { cashInHand: "500" },
    });
    const done = await screen.findByText("Dashboard updated");
    expect(done).toBeTruthy();
    expect(screen.getByTestId("update-dashboard-prompt").textContent).toContain(
      "“Year 1447” is saved as completed.",
    );
    // the calculator now follows the saved calculation
    expect(screen.getByTestId("save-status").textContent).toBe("Saved");
    expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).link.id).toBe(savedId);

    fireEvent.click(screen.getByTestId("update-dashboard-go"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard"));
  });

  it("“Not now” closes it, and it does not come back for the same calculation", async () => {
    saveDraft(cashDraft());
    renderPage(signedIn);
    await act(async () => {});
    next();
    await screen.findByTestId("update-dashboard-prompt");
    fireEvent.click(screen.getByTestId("update-dashboard-later"));
    await waitFor(() => expect(prompt()).toBeNull());
    expect(posts).toHaveLength(0);

    // back, an edit, and the results again: not asked again
    back();
    fireEvent.change(screen.getByLabelText(/^Cash in hand/), { target: { value: "600" } });
    next();
    await act(async () => {});
    expect(screen.getByTestId("step-title").textContent).toBe("Your zakat");
    expect(prompt()).toBeNull();

    // nor after a reload
    cleanup();
    renderPage(signedIn);
    await act(async () => {});
    expect(screen.getByTestId("step-title").textContent).toBe("Your zakat");
    expect(prompt()).toBeNull();
  });

  it("comes back for a new calculation (started over)", async () => {
    saveDraft(cashDraft());
    renderPage(signedIn);
    await act(async () => {});
    next();
    await screen.findByTestId("update-dashboard-prompt");
    fireEvent.click(screen.getByTestId("update-dashboard-later"));
    await waitFor(() => expect(prompt()).toBeNull());

    fireEvent.click(screen.getByTestId("start-over"));
    fireEvent.click(await screen.findByTestId("start-over-dialog-confirm"));
    await act(async () => {});
    expect(localStorage.getItem(RESULTS_PROMPT_KEY)).toBeNull();
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    fireEvent.change(screen.getByLabelText(/^Cash in hand/), { target: { value: "100" } });
    next();
    expect(await screen.findByTestId("update-dashboard-prompt")).toBeTruthy();
  });

  it("proposes a name the workspace's calculations do not have yet (issue 30)", async () => {
    const today = defaultCalculationName("en", "Zakat");
    serveSaves([], [today, "Other", `${today} (2)`]);
    saveDraft(cashDraft());
    renderPage(signedIn);
    await act(async () => {});
    next();
    const panel = await screen.findByTestId("update-dashboard-prompt");
    const name = within(panel).getByTestId("update-dashboard-name") as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe(`${today} (3)`));
    // what the person types is kept
    fireEvent.change(name, { target: { value: "Mine" } });
    expect(name.value).toBe("Mine");
  });

  it("keeps the entries and says so when the save fails", async () => {
    saves.statuses.push(500);
    saveDraft(cashDraft());
    renderPage(signedIn);
    await act(async () => {});
    next();
    const panel = await screen.findByTestId("update-dashboard-prompt");
    await act(async () => {
      fireEvent.click(within(panel).getByTestId("update-dashboard-submit"));
    });
    expect(within(panel).getByRole("alert").textContent).toBe(
      "Failed to save calculation. Please try again.",
    );
    expect(panel.getAttribute("data-phase")).toBe("ask");
    expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).link).toBeNull();
  });

  it("is not shown for a calculation already saved (auto-saved), nor without a result", async () => {
    saveDraft(
      { ...cashDraft(), step: "results" },
      {
        workspaceId: workspace.id,
        id: savedId,
        version: 1,
        name: "Saved",
        isCompleted: true,
        calculationDate: "2026-11-21",
      },
    );
    renderPage(signedIn);
    await act(async () => {});
    expect(screen.getByTestId("step-title").textContent).toBe("Your zakat");
    expect(prompt()).toBeNull();

    cleanup();
    localStorage.clear();
    const noPrices = cashDraft();
    saveDraft({ ...noPrices, settings: { ...noPrices.settings, goldPriceText: "" } });
    renderPage(signedIn);
    await act(async () => {});
    next();
    await act(async () => {});
    expect(screen.getByTestId("step-title").textContent).toBe("Your zakat");
    expect(prompt()).toBeNull();
  });
});

describe("the account prompt (guest)", () => {
  it("opens once at the results; sign-up keeps the calculation for the new account", async () => {
    saveDraft(cashDraft());
    renderPage(signedOut);
    await act(async () => {});
    next();
    const panel = await screen.findByTestId("guest-save-prompt");
    expect(within(panel).getByRole("heading").textContent).toBe("Create an account to save");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(
      screen.getByTestId("zakat-due").compareDocumentPosition(panel) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(prompt()).toBeNull();
    const signIn = within(panel).getByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/signin");
    const signUp = within(panel).getByRole("link", { name: "Create a free account" });
    expect(signUp.getAttribute("href")).toBe("/signup");
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();

    fireEvent.click(signUp);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/signup"));
    const pending = JSON.parse(localStorage.getItem(PENDING_MIGRATION_KEY)!);
    expect(pending).toMatchObject({
      version: 1,
      workspaceId: null,
      body: { isCompleted: true, cashAmounts: { cashInHand: "500" } },
    });
    expect(pending.body.name).toMatch(/^Zakat /);
    expect(pending.idempotencyKey).toMatch(/^[\x21-\x7e]{8,}$/);
    expect(Date.now() - Date.parse(pending.createdAt)).toBeLessThan(60_000);
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/calculator");
    expect(posts).toHaveLength(0);
  });

  it("keeps nothing for a calculation already saved to an account (its session ended)", async () => {
    saveDraft(cashDraft(), {
      workspaceId: workspace.id,
      id: savedId,
      version: 2,
      name: "Saved",
      isCompleted: false,
      calculationDate: "2026-11-21",
    });
    renderPage(signedOut);
    await act(async () => {});
    next();
    const panel = await screen.findByTestId("guest-save-prompt");
    fireEvent.click(within(panel).getByRole("link", { name: "Create a free account" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/signup"));
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/calculator");
  });

  it("is not shown again after “Not now”; the Save button still offers it", async () => {
    saveDraft(cashDraft());
    renderPage(signedOut, "/fr/calculator");
    await act(async () => {});
    next();
    const panel = await screen.findByTestId("guest-save-prompt");
    fireEvent.click(within(panel).getByRole("button", { name: "Plus tard" }));
    await waitFor(() => expect(screen.queryByTestId("guest-save-prompt")).toBeNull());

    back();
    next();
    await act(async () => {});
    expect(screen.queryByTestId("guest-save-prompt")).toBeNull();

    // the same calculation asked for before keeps its record (and Idempotency-Key)
    const before = pendingMigrationFor(
      { ...cashDraft(), step: "results" },
      { name: defaultCalculationName("fr", "Zakat"), isCompleted: true, idempotencyKey: "kept" },
    );
    localStorage.setItem(PENDING_MIGRATION_KEY, JSON.stringify(before));
    fireEvent.click(screen.getByTestId("save-calculation"));
    const again = await screen.findByTestId("guest-save-dialog");
    fireEvent.click(within(again).getByRole("link", { name: "Se connecter" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/fr/signin"));
    expect(JSON.parse(localStorage.getItem(PENDING_MIGRATION_KEY)!)).toEqual(before);
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/calculator");
  });
});
