// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { checkAmount } from "../model/draft";
import { AmountField } from "./amount-field";

function Harness({ lang, initial = "" }: { lang: Language; initial?: string }) {
  const [value, setValue] = useState(initial);
  const check = checkAmount(value, lang);
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <AmountField label="Cash" value={value} lang={lang} onChange={setValue} />
      <output data-testid="parsed">{check.state === "valid" ? check.value : check.state}</output>
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe("AmountField", () => {
  it.each([
    ["en", "1,234.56", "1234.56"],
    ["fr", "1 234,56", "1234.56"],
    ["fr", "1\u202F234,56", "1234.56"],
    ["nl", "1.234,56", "1234.56"],
    ["nl", "12000", "12000"],
  ] as const)("%s: %s reads as %s", (lang, typed, wire) => {
    render(<Harness lang={lang} />);
    fireEvent.change(screen.getByLabelText("Cash"), { target: { value: typed } });
    expect(screen.getByTestId("parsed").textContent).toBe(wire);
    expect(screen.getByLabelText("Cash").getAttribute("aria-invalid")).toBeNull();
  });

  it("keeps invalid text as typed and shows the error once the field is left, never 0", () => {
    render(<Harness lang="en" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: "12a" } });
    expect((input as HTMLInputElement).value).toBe("12a");
    expect(screen.getByTestId("parsed").textContent).toBe("invalid");
    expect(input.getAttribute("aria-invalid")).toBeNull(); // not while typing
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const message = screen.getByTestId("amount-error");
    expect(message.textContent).toMatch(/digits only/);
    expect(input.getAttribute("aria-describedby")).toContain(message.id);
  });

  it("refuses an ambiguous French amount and a negative one, in the page language", () => {
    render(<Harness lang="fr" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: "1.234" } });
    fireEvent.blur(input);
    expect(screen.getByTestId("amount-error").textContent).toMatch(/deux façons/);
    fireEvent.change(input, { target: { value: "-5" } });
    expect(screen.getByTestId("amount-error").textContent).toMatch(/négatif/);
  });

  it("an empty field is nothing entered, not an error", () => {
    render(<Harness lang="nl" initial="5" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByTestId("parsed").textContent).toBe("empty");
  });
});
