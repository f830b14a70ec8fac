// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { apiCalls } from "~/test/msw";
import { CURRENT_SESSION_KEY } from "../model/storage";
import { setUpCalculatorPage } from "../test/prices-api";
import { CalculatorPage } from "./calculator-page";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

function renderPage(at = "/calculator") {
  return renderAt(at, { "/calculator": <CalculatorPage />, "/fr/calculator": <CalculatorPage /> });
}
const next = () => fireEvent.click(screen.getByTestId("step-next"));
const title = () => screen.getByTestId("step-title").textContent;
const progress = () => screen.getByTestId("step-progress").textContent;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

setUpCalculatorPage();
afterEach(cleanup);

describe("CalculatorPage step flow", () => {
  it("skips the steps of unselected categories and counts only the steps in use", async () => {
    renderPage();
    await act(async () => {});
    expect(progress()).toBe("Step 1 of 3");
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    expect(progress()).toBe("Step 1 of 4");
    next();
    expect(title()).toBe("What do you owe?");
    expect(document.activeElement).toBe(screen.getByTestId("step-title"));
    next();
    expect(title()).toBe("Cash and bank accounts");
    expect(progress()).toBe("Step 3 of 4");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("3");
    fireEvent.click(screen.getByTestId("step-back"));
    expect(title()).toBe("What do you owe?");
  });

  it("does not move on with an invalid amount, and computes the fixed case", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    fireEvent.click(screen.getByLabelText("Gold and silver"));
    next();
    fireEvent.click(screen.getByLabelText("Personal loans"));
    next();
    type(/^Cash in hand/, "5OO");
    next();
    expect(title()).toBe("Cash and bank accounts");
    expect(screen.getByLabelText(/^Cash in hand/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText(/^Cash in hand/));
    type(/^Cash in hand/, "500");
    fireEvent.click(screen.getByRole("button", { name: "Add a bank account" }));
    type(/^Balance of account 1/, "12,000.00");
    next();
    expect(title()).toBe("Gold and silver");
    fireEvent.click(screen.getByLabelText("By weight (grams)"));
    type(/^Gold kept as savings/, "20");
    next();
    expect(title()).toBe("Your debts");
    type(/^Personal loans/, "1000");
    next();
    expect(title()).toBe("Your zakat");
    expect(screen.getByTestId("zakat-due").textContent).toBe("€327.50");
    expect(screen.getByTestId("total-assets").textContent).toBe("€14,100.00");
    expect(screen.getByTestId("nisab-value").textContent).toBe("€565.25");
    const lines = screen.getAllByTestId("result-line").map((l) => l.textContent);
    expect(lines.some((l) => l?.includes("lower of 85 g of gold and 595 g of silver"))).toBe(true);
    // kept on this device
    const stored = JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY) ?? "null");
    expect(stored.draft.amounts.cashInHand).toBe("500");
  });

  // issue 30: "12.500" was read as €12.50 and the results said no zakat was due
  it("asks what an amount with one separator means, and waits for the answer", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    type(/^Cash in hand/, "12.500");
    next();
    expect(title()).toBe("Cash and bank accounts");
    const question = screen.getByRole("group", { name: "Did you mean 12,500 or 12.5?" });
    expect(document.activeElement).toBe(screen.getByLabelText(/^Cash in hand/));
    fireEvent.click(within(question).getByRole("button", { name: "12,500" }));
    next();
    expect(title()).toBe("Your zakat");
    expect(screen.getByTestId("total-assets").textContent).toBe("€12,500.00");
    expect(screen.getByTestId("zakat-due").textContent).toBe("€312.50");
  });

  it("a refused Next lands on the first field to fix; leaving a field moves nothing below", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    fireEvent.click(screen.getByRole("button", { name: "Add a bank account" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a bank account" }));
    type(/^Cash in hand/, "500");
    type(/^Balance of account 1/, "12a");
    type(/^Balance of account 2/, "1,2,3");
    const first = screen.getByLabelText(/^Balance of account 1/);
    expect(first.getAttribute("aria-invalid")).toBeNull(); // not while typing

    // Leaving the field (a press on Next starts with that) shows its error in a line already
    // taken: nothing is inserted, so the button under the pointer stays where it was pressed.
    const form = screen.getByTestId("step-title").closest("form")!;
    const watcher = new MutationObserver(() => {});
    watcher.observe(form, { childList: true, subtree: true });
    fireEvent.blur(first);
    const inserted = watcher.takeRecords().filter((r) => r.addedNodes.length > 0);
    watcher.disconnect();
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(inserted).toEqual([]);

    next();
    expect(title()).toBe("Cash and bank accounts");
    expect(screen.getByRole("alert").textContent).toBe(
      "Some amounts could not be read. Correct them to continue.",
    );
    expect(document.activeElement).toBe(first);
    expect(screen.getByLabelText(/^Balance of account 2/).getAttribute("aria-invalid")).toBe(
      "true",
    );
  });

  it("online with Hawl's shipped prices: the results say so and offer to type today's (issue 11)", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    type(/^Cash in hand/, "12000");
    next();
    expect(title()).toBe("Your zakat");
    // the server answered its shipped prices (no feed): never used silently
    const warning = screen.getByTestId("prices-stale");
    expect(warning.textContent).toContain(
      "These are Hawl's built-in prices of 1 January 2025, not today's.",
    );
    expect(screen.getByTestId("basis-gold-price").textContent).toBe("€80.00 per gram");
    expect(screen.getByTestId("basis-source").textContent).toBe(
      "Hawl's built-in prices, 1 January 2025",
    );
    fireEvent.click(screen.getByTestId("type-prices"));
    const dialog = await screen.findByTestId("settings-dialog");
    expect(
      (within(dialog).getByRole("radio", { name: /^Offline/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Gold, 24 karat, price per gram/), {
      target: { value: "90" },
    });
    expect(screen.queryByTestId("prices-stale")).toBeNull();
    expect(screen.getByTestId("basis-gold-price").textContent).toBe("€90.00 per gram");
    expect(screen.getByTestId("basis-source").textContent).toMatch(/^typed by hand, /);
  });

  it("the settings no longer offer a hawl rule, which changes no amount (issue 11)", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByTestId("open-settings"));
    const dialog = await screen.findByTestId("settings-dialog");
    expect(within(dialog).queryByLabelText(/below nisab during the year/)).toBeNull();
    expect(within(dialog).queryByText(/majority view/)).toBeNull();
    expect(within(dialog).getByTestId("hawl-rule-note").textContent).toContain(
      "nisab tracker's settings",
    );
  });

  it("refuses a sixth bank account", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    const add = screen.getByRole("button", { name: "Add a bank account" });
    for (let i = 0; i < 6; i++) fireEvent.click(add);
    expect(screen.getAllByTestId("bank-account")).toHaveLength(5);
    expect(screen.getByRole("alert").textContent).toBe("Maximum 5 bank accounts allowed");
  });

  it("restores the stored calculation and re-writes amounts for the page language", async () => {
    renderPage();
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    type(/^Cash in hand/, "1,234.5");
    cleanup();
    renderPage("/fr/calculator");
    await act(async () => {});
    expect(title()).toBe("Espèces et comptes bancaires");
    const field = screen.getByLabelText(/^Espèces \(EUR\)/) as HTMLInputElement;
    expect(field.value).toBe("1234,5");
    expect(
      within(screen.getByTestId("calculator-page")).getByTestId("step-progress").textContent,
    ).toBe("Étape 3 sur 4");
  });
});

describe("CalculatorPage as of a date (the tracker's Calculate for this date)", () => {
  it("asks for that day's prices and says the day in the results", async () => {
    renderPage("/calculator?asOf=2026-11-01&milestone=3b241101-e2bb-4255-8caf-4136c566a962");
    await act(async () => {});
    const urls = apiCalls().map((c) => `${c.path}${c.search}`);
    expect(urls).toContain("/api/prices?currency=EUR&asOf=2026-11-01");
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    type("Cash in hand (EUR)", "1000");
    next();
    await act(async () => {});
    expect(screen.getByTestId("as-of").textContent).toContain("1 November 2026");
  });
});
