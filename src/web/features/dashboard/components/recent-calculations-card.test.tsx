// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import {
  listRequests,
  makeCalculations,
  serveCalculations,
  workspacesState,
} from "~/features/history/test/calculations-api";
import { WorkspacesContext } from "~/lib/use-workspaces";
import { installContractServer } from "~/test/msw";
import { RecentCalculationsCard } from "./recent-calculations-card";

installContractServer();

function renderCard(state = workspacesState()) {
  return renderAt("/dashboard", { "/dashboard": <RecentCalculationsCard /> }, (children) => (
    <WorkspacesContext.Provider value={state}>{children}</WorkspacesContext.Provider>
  ));
}

const names = () => screen.getAllByTestId("calculation-name").map((n) => n.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RecentCalculationsCard", () => {
  it("shows the 5 latest with status, zakat due of completed ones, Load and Delete", async () => {
    serveCalculations(makeCalculations(8));
    renderCard();
    expect(screen.getByText("Loading your calculations...")).toBeTruthy();
    await waitFor(() =>
      expect(names()).toEqual([
        "Calculation 8",
        "Calculation 7",
        "Calculation 6",
        "Calculation 5",
        "Calculation 4",
      ]),
    );
    expect(listRequests()).toEqual(["?latest=5"]);
    const [draft, completed] = screen.getAllByTestId("calculation-item");
    expect(within(draft!).getByText("Draft")).toBeTruthy();
    expect(within(draft!).queryByTestId("calculation-zakat")).toBeNull();
    expect(within(completed!).getByText("Completed")).toBeTruthy();
    expect(within(completed!).getByTestId("calculation-zakat").textContent).toBe("€1,234.50");
    expect(screen.getByRole("link", { name: "Load Calculation 7" })).toBeTruthy();
    // a new calculation, not the one open in the calculator (issue 30)
    expect(screen.getByTestId("recent-new").getAttribute("href")).toBe("/calculator?new=1");
    expect(screen.getByTestId("recent-view-all").getAttribute("href")).toBe("/calculator-history");
  });

  it("deleting reloads the latest list", async () => {
    serveCalculations(makeCalculations(8));
    renderCard();
    await waitFor(() => expect(names()[0]).toBe("Calculation 8"));
    fireEvent.click(screen.getByRole("button", { name: "Delete Calculation 8" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(names()[0]).toBe("Calculation 7"));
    expect(names()).toHaveLength(5);
  });

  it("empty: offers to create the first calculation", async () => {
    serveCalculations([]);
    renderCard();
    await waitFor(() => expect(screen.getByTestId("recent-empty")).toBeTruthy());
    expect(screen.getByTestId("create-first").getAttribute("href")).toBe("/calculator");
  });
});
