// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { WorkspacesContext } from "~/lib/use-workspaces";
import {
  listRequests,
  makeCalculations,
  serveCalculations,
  workspace,
  workspacesState,
} from "../test/calculations-api";
import { apiCalls, installContractServer } from "~/test/msw";
import { HistoryPage } from "./history-page";

installContractServer();

function renderHistory(at = "/calculator-history", state = workspacesState()) {
  return renderAt(
    at,
    {
      "/calculator-history": <HistoryPage />,
      "/fr/calculator-history": <HistoryPage />,
      "/nl/calculator-history": <HistoryPage />,
    },
    (children) => <WorkspacesContext.Provider value={state}>{children}</WorkspacesContext.Provider>,
  );
}

const pageOf = () => screen.getByTestId("history-page-of").textContent;
const names = () => screen.getAllByTestId("calculation-name").map((n) => n.textContent);
const location = () => screen.getByTestId("location").textContent;

async function deleteByName(name: string) {
  fireEvent.click(screen.getByRole("button", { name: `Delete ${name}` }));
  const dialog = await screen.findByRole("alertdialog");
  expect(
    within(dialog).getByText("Are you sure you want to delete this calculation?"),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("HistoryPage", () => {
  it("shows the loading text, then page 1 of the workspace, newest first", async () => {
    serveCalculations(makeCalculations(23));
    renderHistory();
    expect(screen.getByText("Loading your calculations...")).toBeTruthy();
    await waitFor(() => expect(pageOf()).toBe("Page 1 of 3"));
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe("Calculation 23");
    expect(listRequests()).toEqual(["?page=1"]);
    expect(screen.getByTestId("history-csv").getAttribute("href")).toBe(
      `/api/workspaces/${workspace.id}/calculations.csv`,
    );
  });

  it("pages with Next and Previous: 'Page x of y'", async () => {
    serveCalculations(makeCalculations(23));
    renderHistory();
    await waitFor(() => expect(pageOf()).toBe("Page 1 of 3"));
    expect(screen.getByRole("button", { name: "Previous page" }).hasAttribute("disabled")).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(names()[0]).toBe("Calculation 13"));
    expect(pageOf()).toBe("Page 2 of 3");
    expect(location()).toBe("/calculator-history?page=2");
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() =>
      expect(names()).toEqual(["Calculation 3", "Calculation 2", "Calculation 1"]),
    );
    expect(pageOf()).toBe("Page 3 of 3");
    expect(screen.getByRole("button", { name: "Next page" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(pageOf()).toBe("Page 2 of 3"));
  });

  it("shows each row's status, short date, zakat due of completed ones, and a Load link", async () => {
    serveCalculations(makeCalculations(2));
    renderHistory();
    await waitFor(() => expect(names()).toEqual(["Calculation 2", "Calculation 1"]));
    const [draft, completed] = screen.getAllByTestId("calculation-item");
    expect(within(draft!).getByText("Draft")).toBeTruthy();
    expect(within(draft!).queryByTestId("calculation-zakat")).toBeNull();
    expect(within(completed!).getByText("Completed")).toBeTruthy();
    expect(within(completed!).getByTestId("calculation-zakat").textContent).toBe("€1,234.50");
    expect(within(completed!).getByTestId("calculation-date").textContent).toBe("1 March 2025");
    const load = screen.getByRole("link", { name: "Load Calculation 1" });
    expect(load.getAttribute("href")).toBe("/calculator?load=00000000-0000-4000-8000-000000000001");
    // a new calculation, not the one open in the calculator (issue 30)
    expect(screen.getByRole("link", { name: "New calculation" }).getAttribute("href")).toBe(
      "/calculator?new=1",
    );
  });

  it("formats in the page's language and localizes the Load link", async () => {
    serveCalculations(makeCalculations(1));
    renderHistory("/fr/calculator-history");
    await waitFor(() =>
      expect(screen.getByTestId("history-page-of").textContent).toBe("Page 1 sur 1"),
    );
    expect(screen.getByTestId("calculation-zakat").textContent).toBe("1\u202f234,50\u00a0€");
    expect(screen.getByTestId("calculation-date").textContent).toBe("1 mars 2025");
    expect(screen.getByTestId("load-calculation").getAttribute("href")).toBe(
      "/fr/calculator?load=00000000-0000-4000-8000-000000000001",
    );
  });

  // the colon is the catalogue's, so French spaces it (U+202F) (issue 30)
  it.each([
    ["en", "", "Zakat due:"],
    ["fr", "/fr", "Zakat due\u202F:"],
    ["nl", "/nl", "Verschuldigde zakat:"],
  ])("labels the zakat due in %s as %j", async (_lang, prefix, label) => {
    serveCalculations(makeCalculations(1));
    renderHistory(`${prefix}/calculator-history`);
    const amount = await screen.findByTestId("calculation-zakat");
    expect(amount.previousElementSibling?.textContent).toBe(label);
  });

  it("after deleting the last item of a page, shows the previous page", async () => {
    const rows = makeCalculations(21);
    serveCalculations(rows);
    renderHistory("/calculator-history?page=3");
    await waitFor(() => expect(pageOf()).toBe("Page 3 of 3"));
    expect(names()).toEqual(["Calculation 1"]);
    await deleteByName("Calculation 1");
    await waitFor(() => expect(pageOf()).toBe("Page 2 of 2"));
    expect(names()[0]).toBe("Calculation 11");
    expect(location()).toBe("/calculator-history?page=2");
    expect(rows).toHaveLength(20);
    expect(
      apiCalls().some(
        (c) =>
          c.method === "DELETE" &&
          c.path ===
            `/api/workspaces/${workspace.id}/calculations/00000000-0000-4000-8000-000000000001`,
      ),
    ).toBe(true);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("after deleting one of several items, reloads the same page", async () => {
    serveCalculations(makeCalculations(12));
    renderHistory("/calculator-history?page=2");
    await waitFor(() => expect(names()).toEqual(["Calculation 2", "Calculation 1"]));
    await deleteByName("Calculation 2");
    await waitFor(() => expect(names()).toEqual(["Calculation 1"]));
    expect(pageOf()).toBe("Page 2 of 2");
    expect(location()).toBe("/calculator-history?page=2");
  });

  it("cancelling the confirmation deletes nothing", async () => {
    const rows = makeCalculations(3);
    serveCalculations(rows);
    renderHistory();
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: "Delete Calculation 3" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(rows).toHaveLength(3);
  });

  it("a failed delete keeps the row", async () => {
    serveCalculations(makeCalculations(3), { failDelete: true });
    renderHistory();
    await waitFor(() => expect(names()).toHaveLength(3));
    await deleteByName("Calculation 3");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(names()).toHaveLength(3);
  });

  it("empty: says so and offers the calculator", async () => {
    serveCalculations([]);
    renderHistory();
    await waitFor(() => expect(screen.getByTestId("history-empty")).toBeTruthy());
    expect(screen.getByText("No calculations yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start a calculation" }).getAttribute("href")).toBe(
      "/calculator",
    );
    expect(screen.queryByTestId("history-pagination")).toBeNull();
  });

  it("a page past the end shows the last page", async () => {
    serveCalculations(makeCalculations(12));
    renderHistory("/calculator-history?page=9");
    await waitFor(() => expect(pageOf()).toBe("Page 2 of 2"));
    expect(location()).toBe("/calculator-history?page=2");
  });

  it("a failed load says so and retries", async () => {
    serveCalculations([], { failList: true });
    renderHistory();
    await waitFor(() => expect(screen.getByText("Failed to load calculations")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
  });

  it("no workspace: a clear message, no request", async () => {
    serveCalculations([]);
    renderHistory("/calculator-history", workspacesState(null));
    expect(screen.getByTestId("history-no-workspace").textContent).toContain(
      "You have no workspace yet",
    );
    expect(apiCalls()).toEqual([]);
  });
});
