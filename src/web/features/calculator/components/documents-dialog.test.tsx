// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { initialDraft } from "../model/draft";
import { SAVED_SESSIONS_KEY } from "../model/sessions";
import { setUpCalculatorPage } from "../test/prices-api";
import { CalculatorPage } from "./calculator-page";
import { documentsFor } from "./documents-dialog";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

function renderPage(at = "/calculator") {
  return renderAt(at, { "/calculator": <CalculatorPage />, "/nl/calculator": <CalculatorPage /> });
}
const dialog = () => screen.getByRole("dialog");
/** the checkboxes' names (their labels, without the hints) */
const items = () =>
  within(dialog())
    .getAllByRole("checkbox")
    .map((box) => document.getElementById(box.getAttribute("aria-labelledby")!)!.textContent);
const openDocuments = () => fireEvent.click(screen.getByTestId("open-documents"));
const close = () => fireEvent.click(within(dialog()).getByRole("button", { name: "Done" }));

setUpCalculatorPage({ fetchedAt: "2026-01-01T00:00:00.000Z" });
afterEach(cleanup);

describe("documentsFor", () => {
  const none = initialDraft("en");
  const pick = (assets: string[], liabilities: string[] = []) => ({
    assetSelection: { ...none.assetSelection, ...Object.fromEntries(assets.map((a) => [a, true])) },
    liabilitySelection: {
      ...none.liabilitySelection,
      ...Object.fromEntries(liabilities.map((l) => [l, true])),
    },
  });
  it.each([
    [[], [], 12, false],
    [["cash"], [], 2, true],
    [["goldAndSilver"], [], 1, true],
    [["sharesCrypto", "businessAssets"], [], 4, true],
    [["moneyOwedToMe"], ["mortgage", "personalLoans"], 2, true],
    [[], ["creditCard", "overdraft", "utilityBills", "businessLiabilities"], 3, true],
  ])("assets %j, debts %j: %i documents", (assets, liabilities, count, filtered) => {
    const result = documentsFor(pick(assets, liabilities));
    expect(result.ids).toHaveLength(count);
    expect(result.filtered).toBe(filtered);
  });
});

describe("Documents to gather", () => {
  it("lists every document until categories are chosen, then only theirs", async () => {
    renderPage();
    await act(async () => {});
    openDocuments();
    expect(screen.getByRole("dialog", { name: "Documents to gather" })).toBe(dialog());
    expect(within(dialog()).getByRole("list", { name: "Documents to gather" })).toBeTruthy();
    expect(items()).toHaveLength(12);
    expect(dialog().textContent).toContain("Every document is listed");
    close();

    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    fireEvent.click(screen.getByTestId("step-next"));
    fireEvent.click(screen.getByLabelText("Credit card"));
    openDocuments();
    expect(items()).toEqual([
      "Bank statements for every account",
      "A count of your cash",
      "Credit card and overdraft statements",
    ]);
    expect(dialog().textContent).toContain("For the kinds of wealth and debts you chose.");
    // each box is described by its hint
    const box = screen.getByRole("checkbox", { name: "A count of your cash" });
    expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Notes and coins at home, in your wallet or in a safe.",
    );
  });

  it("remembers the ticks with the session, and a new session starts unticked", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    openDocuments();
    const progress = () => within(dialog()).getByTestId("documents-progress").textContent;
    expect(progress()).toBe("0 of 2 ready");
    fireEvent.click(screen.getByRole("checkbox", { name: "A count of your cash" }));
    expect(progress()).toBe("1 of 2 ready");
    const stored = JSON.parse(localStorage.getItem(SAVED_SESSIONS_KEY)!);
    expect(stored.current.documents).toEqual(["cashCount"]);
    close();

    // a reload keeps them
    cleanup();
    renderPage();
    await act(async () => {});
    openDocuments();
    expect(
      (screen.getByRole("checkbox", { name: "A count of your cash" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (
        screen.getByRole("checkbox", {
          name: "Bank statements for every account",
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
    // unticking is remembered too
    fireEvent.click(screen.getByRole("checkbox", { name: "A count of your cash" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Bank statements for every account" }));
    close();

    // a new session (the first one kept) has its own, empty checklist
    fireEvent.click(screen.getByTestId("open-sessions"));
    fireEvent.click(within(dialog()).getByTestId("session-new"));
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    openDocuments();
    expect(progress()).toBe("0 of 2 ready");
    close();
    const kept = JSON.parse(localStorage.getItem(SAVED_SESSIONS_KEY)!);
    expect(kept.sessions[0].documents).toEqual(["bankStatements"]);
  });

  it("is written in the page language", async () => {
    renderPage("/nl/calculator");
    await act(async () => {});
    fireEvent.click(screen.getByTestId("open-documents"));
    expect(screen.getByRole("dialog", { name: "Documenten om te verzamelen" })).toBeTruthy();
    expect(within(dialog()).getByTestId("documents-progress").textContent).toBe("0 van 12 klaar");
  });
});
