// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { checkAmount } from "../model/draft";
import { AmountField } from "./amount-field";

function Harness({
  lang,
  initial = "",
  unit,
}: {
  lang: Language;
  initial?: string;
  unit?: string;
}) {
  const [value, setValue] = useState(initial);
  const check = checkAmount(value, lang);
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <AmountField label="Cash" value={value} lang={lang} unit={unit} onChange={setValue} />
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

  it("refuses a negative amount, in the page language", () => {
    render(<Harness lang="fr" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: "-5" } });
    fireEvent.blur(input);
    expect(screen.getByTestId("amount-error").textContent).toMatch(/négatif/);
  });

  // issue 30: "12.500" was read as 12.50 in English, "12,500" as 12,50 in Dutch
  it.each([
    ["en", "12.500", "Did you mean 12,500 or 12.5?", "12,500", "12500", "12500"],
    ["en", "12.500", "Did you mean 12,500 or 12.5?", "12.5", "12.5", "12.5"],
    ["nl", "12,500", "Bedoel je 12.500 of 12,5?", "12,5", "12,5", "12.5"],
    ["fr", "1.234", "Vouliez-vous dire 1\u202F234 ou 1,234\u202F?", "1,234", "1,2340", "1.2340"],
  ] as const)(
    "%s: %s is asked about, and the answer is what is read",
    (lang, typed, question, answer, text, wire) => {
      render(<Harness lang={lang} />);
      const input = screen.getByLabelText("Cash");
      fireEvent.change(input, { target: { value: typed } });
      expect(screen.getByTestId("parsed").textContent).toBe("invalid"); // nothing is guessed
      expect(screen.queryByTestId("amount-question")).toBeNull(); // not while typing
      fireEvent.blur(input);
      const group = screen.getByRole("group", { name: question });
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")).toContain(group.id);
      fireEvent.click(within(group).getByRole("button", { name: answer }));
      expect((input as HTMLInputElement).value).toBe(text);
      expect(screen.getByTestId("parsed").textContent).toBe(wire);
      expect(screen.queryByRole("group")).toBeNull();
    },
  );

  it.each([
    ["nl", "€ 2.500,00", "2.500,00"],
    ["fr", "2\u202F500,00\u00A0€", "2 500,00"],
    ["en", "EUR 2,500.00", "2,500.00"],
  ] as const)("%s: a pasted bank amount %j is read in a EUR field", (lang, pasted, kept) => {
    render(<Harness lang={lang} unit="EUR" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: pasted } });
    expect((input as HTMLInputElement).value).toBe(kept);
    expect(screen.getByTestId("parsed").textContent).toBe("2500.00");
  });

  it("refuses an amount pasted in another currency than the field's", () => {
    render(<Harness lang="en" unit="EUR" />);
    const input = screen.getByLabelText("Cash");
    fireEvent.change(input, { target: { value: "$ 2,500.00" } });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe("$ 2,500.00");
    expect(screen.getByTestId("amount-error").textContent).toMatch(/another currency/);
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
