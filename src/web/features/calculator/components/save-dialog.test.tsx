// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { WorkspacesContext, type WorkspacesState } from "~/lib/use-workspaces";
import { CURRENT_SESSION_KEY } from "../model/storage";
import { apiError, installContractServer, route, serve, type RouteRequest } from "~/test/msw";
import { servePrices } from "../test/prices-api";
import { spyOnToasts } from "~/test/toasts";
import { CalculatorPage } from "./calculator-page";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

let toastError: ReturnType<typeof spyOnToasts>["error"];

const signedIn = {
  status: "signed-in",
  user: { id: "u1", email: "a@b.test", name: "A", emailVerified: true },
} as SessionState;
const workspace = { id: "11111111-1111-4111-8111-111111111111", name: "Family" };
const workspaces = {
  status: "ready",
  workspaces: [workspace],
  current: workspace,
} as unknown as WorkspacesState;

function renderSignedIn(at = "/fr/calculator") {
  return renderAt(
    at,
    { "/calculator": <CalculatorPage />, "/fr/calculator": <CalculatorPage /> },
    (c) => (
      <SessionContext.Provider value={signedIn}>
        <WorkspacesContext.Provider value={workspaces}>{c}</WorkspacesContext.Provider>
      </SessionContext.Provider>
    ),
  );
}

installContractServer();
/** The save requests the server saw: it answers each with a 500. */
const saveRequests: RouteRequest[] = [];
beforeEach(() => {
  localStorage.clear();
  saveRequests.length = 0;
  toastError = spyOnToasts().error;
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.scrollTo = () => {};
  servePrices({ fetchedAt: "2026-01-01T00:00:00.000Z" });
  serve(
    route("post", "/api/workspaces/{ws}/calculations", (request) => {
      saveRequests.push(request);
      return apiError(500, "INTERNAL", "boom");
    }),
    // the workspace's newest names, which a proposed name avoids: none yet
    route("get", "/api/workspaces/{ws}/calculations", () =>
      Response.json({ calculations: [], totalCount: 0, totalPages: 0, page: 1 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Signed in, on the cash step with 1 500 € typed. */
async function typeCashOf1500() {
  renderSignedIn();
  await act(async () => {});
  fireEvent.click(screen.getByLabelText("Espèces et comptes bancaires"));
  fireEvent.click(screen.getByTestId("step-next"));
  fireEvent.click(screen.getByTestId("step-next"));
  fireEvent.change(screen.getByLabelText(/^Espèces \(EUR\)/), { target: { value: "1 500" } });
}

describe("Save for a signed-in person", () => {
  it("asks for a name, and on a failure toasts the spec's message and keeps the entries", async () => {
    await typeCashOf1500();
    fireEvent.click(screen.getByTestId("save-calculation"));
    const name = screen.getByTestId("save-name") as HTMLInputElement;
    expect(name.value).toMatch(/^Zakat \d/);
    expect(screen.getByTestId("save-completion").textContent).toContain("brouillon");
    await act(async () => {
      fireEvent.click(screen.getByTestId("save-submit"));
    });

    const sent = saveRequests[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.url.pathname).toBe(`/api/workspaces/${workspace.id}/calculations`);
    expect(sent.headers.get("idempotency-key")).toMatch(/.{8,}/);
    expect(sent.body).toMatchObject({
      isCompleted: false,
      cashAmounts: { cashInHand: "1500" },
    });
    const message = "Échec de l’enregistrement du calcul. Veuillez réessayer.";
    expect(toastError).toHaveBeenCalledWith(message, expect.anything());
    expect(screen.getByRole("alert").textContent).toBe(message);

    // a second attempt gets a fresh key
    await act(async () => {
      fireEvent.click(screen.getByTestId("save-submit"));
    });
    expect(saveRequests[1]!.headers.get("idempotency-key")).not.toBe(
      saveRequests[0]!.headers.get("idempotency-key"),
    );
    const stored = JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY) ?? "null");
    expect(stored.draft.amounts.cashInHand).toBe("1 500");
  });

  it("refuses a blank name on its field, and puts the server's refusal of a name there too", async () => {
    serve(
      route("post", "/api/workspaces/{ws}/calculations", (request) => {
        saveRequests.push(request);
        // the server's text guard (http/text-guard.ts) on a name it cannot store
        return apiError(400, "VALIDATION_FAILED", "Validation failed.", {
          name: "invalid_characters",
        });
      }),
    );
    await typeCashOf1500();
    fireEvent.click(screen.getByTestId("save-calculation"));
    const name = screen.getByTestId("save-name") as HTMLInputElement;

    fireEvent.change(name, { target: { value: "   " } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("save-submit"));
    });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Saisissez un nom.");
    expect(name.getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    expect(document.activeElement).toBe(name);
    expect(saveRequests).toHaveLength(0);

    fireEvent.change(name, { target: { value: "Zakat de la famille" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("save-submit"));
    });
    expect(saveRequests[0]!.body).toMatchObject({ name: "Zakat de la famille" });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Ce texte contient des caractères qui ne peuvent pas être enregistrés. Retirez-les et réessayez.",
      ),
    );
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    expect(document.activeElement).toBe(name);
    // the dialog stays, with what was typed
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(name.value).toBe("Zakat de la famille");
  });

  it("tells a guest an account is needed, with a link to sign up", async () => {
    renderAt("/calculator", { "/calculator": <CalculatorPage /> });
    await act(async () => {});
    fireEvent.click(screen.getByTestId("save-calculation"));
    expect(screen.getByRole("dialog").textContent).toContain("Create an account to save");
    expect(screen.getByRole("link", { name: "Create a free account" }).getAttribute("href")).toBe(
      "/signup",
    );
  });
});
