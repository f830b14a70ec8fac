// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { setUpCalculatorPage } from "../test/prices-api";
import { CalculatorPage } from "./calculator-page";

// The calculator's dialogs come on first use (dialogs-on-demand.tsx): before that a stand-in
// with the trigger's name holds its place; a click opens the real dialog, focus inside it, and
// closing it gives focus back to the real trigger in the stand-in's place. No module is loaded
// beforehand in this file (the other tests load them first: test/dialogs.ts).

setUpCalculatorPage();
afterEach(cleanup);

describe("the calculator's dialogs on first use", () => {
  it("a stand-in opens the real dialog, focus inside, and gets focus back on close", async () => {
    renderAt("/calculator", { "/calculator": <CalculatorPage /> });
    const standIn = screen.getByTestId("open-documents");
    expect(standIn.getAttribute("aria-haspopup")).toBe("dialog");
    expect(standIn.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(standIn);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(dialog).getByRole("heading").textContent).toBe("Documents to gather");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const trigger = screen.getByTestId("open-documents");
    expect(trigger.getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("open-documents"));
  });

  it("the settings dialog, opened by state, shows once loaded", async () => {
    renderAt("/calculator", { "/calculator": <CalculatorPage /> });
    fireEvent.click(screen.getByTestId("open-settings"));
    expect(await screen.findByTestId("settings-dialog", {}, { timeout: 5000 })).toBeTruthy();
  });
});
