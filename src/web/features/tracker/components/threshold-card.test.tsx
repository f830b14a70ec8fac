// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatDay } from "#domain/dates/index.ts";
import enErrors from "#locales/en/errors.json";
import enTracker from "#locales/en/tracker.json";
import frErrors from "#locales/fr/errors.json";
import frTracker from "#locales/fr/tracker.json";
import nlErrors from "#locales/nl/errors.json";
import nlTracker from "#locales/nl/tracker.json";
import { ApiError } from "~/lib/api-client";
import { renderTracker, stubBrowserApis } from "../test/render";
import { ThresholdCard } from "./threshold-card";

const today = "2024-04-12"; // a Friday

beforeAll(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(
  props: Partial<React.ComponentProps<typeof ThresholdCard>> = {},
  at = "/nisab",
) {
  const onAdd = props.onAdd ?? vi.fn(async () => {});
  renderTracker(at, <ThresholdCard allowDown={false} today={today} {...props} onAdd={onAdd} />);
  return onAdd;
}

const trigger = () => screen.getByTestId("date-picker-trigger");
const shownValue = () => screen.getByTestId("date-picker-value").dataset.value;
/** The month the grid shows, as its live region says it. */
const shownMonth = (dialog: HTMLElement) => within(dialog).getByRole("status").textContent;
const focusedDay = () => (document.activeElement as HTMLElement | null)?.dataset.day;

async function openPicker() {
  fireEvent.click(trigger());
  const dialog = await screen.findByRole("dialog");
  await waitFor(() => expect(focusedDay()).toBeDefined());
  return dialog;
}

function key(name: string, options: { shiftKey?: boolean } = {}) {
  fireEvent.keyDown(document.activeElement!, { key: name, ...options });
}

describe("ThresholdCard", () => {
  it("offers only 'threshold exceeded' until a nisab date is shown, then both", () => {
    renderCard({ allowDown: false });
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(1);
    expect(screen.getByRole("radio", { name: /Threshold exceeded/ })).toHaveProperty(
      "checked",
      true,
    );
    expect(screen.queryByRole("radio", { name: /Fell below threshold/ })).toBeNull();
    cleanup();

    renderCard({ allowDown: true });
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("radio", { name: /Fell below threshold/ })).toHaveProperty(
      "checked",
      false,
    );
  });

  it("has no field to type a date into: keys on the picker change nothing", () => {
    renderCard();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(document.querySelector("input:not([type=radio])")).toBeNull();
    const button = trigger();
    expect(button.tagName).toBe("BUTTON");
    expect(button.textContent).toContain("Pick a date");
    button.focus();
    for (const k of "2024-01-01") fireEvent.keyDown(button, { key: k });
    fireEvent.input(button, { target: { value: "2024-01-01" } });
    expect(shownValue()).toBe("");
    expect(button.textContent).toContain("Pick a date");
    // the button is named by its label and its value
    expect(screen.getByRole("button", { name: "Date Pick a date" })).toBe(button);
  });

  it("picks with the keyboard: arrows, Page Up, and no day after today", async () => {
    renderCard();
    const dialog = await openPicker();
    expect(screen.getByRole("dialog", { name: "Choose a date" })).toBe(dialog);
    expect(focusedDay()).toBe(today);
    expect(shownMonth(dialog)).toBe("April 2024");
    expect(document.activeElement!.getAttribute("aria-current")).toBe("date");
    // the Umm al-Qura day under the Gregorian one: 12 April 2024 was 3 Shawwal 1445
    expect(
      within(document.activeElement as HTMLElement).getByTestId("date-picker-hijri").textContent,
    ).toBe("3");

    key("ArrowRight"); // tomorrow is after today: the focus stays
    expect(focusedDay()).toBe(today);
    key("ArrowLeft");
    expect(focusedDay()).toBe("2024-04-11");
    key("ArrowUp");
    expect(focusedDay()).toBe("2024-04-04");
    key("PageUp");
    expect(focusedDay()).toBe("2024-03-04");
    expect(shownMonth(dialog)).toBe("March 2024");
    key("Home"); // weeks start on Sunday in English
    expect(focusedDay()).toBe("2024-03-03");
    key("End");
    expect(focusedDay()).toBe("2024-03-09");
    key("PageUp", { shiftKey: true });
    expect(focusedDay()).toBe("2023-03-09");
    key("PageDown", { shiftKey: true });
    key("ArrowDown");
    expect(focusedDay()).toBe("2024-03-16");

    // Enter on the focused day button (a native button click)
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(shownValue()).toBe("2024-03-16");
    expect(trigger().textContent).toContain("16 March 2024");
  });

  it("cannot pick a day after today, and its next-month button is off", async () => {
    renderCard();
    const dialog = await openPicker();
    const future = within(dialog).getByRole("button", { name: "Saturday 13 April 2024" });
    expect(future.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(future);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(shownValue()).toBe("");
    expect(
      within(dialog).getByRole("button", { name: "Next month" }).getAttribute("aria-disabled"),
    ).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Previous month" }));
    expect(shownMonth(dialog)).toBe("March 2024");
  });

  it("starts weeks on Sunday as the calendar does, and speaks French on /fr", async () => {
    renderCard({}, "/fr/nisab");
    const dialog = await openPicker();
    expect(shownMonth(dialog)).toBe("avril 2024");
    const headers = within(dialog).getAllByRole("columnheader");
    expect(headers[0]!.getAttribute("abbr")).toBe("dimanche");
    key("Home");
    expect(focusedDay()).toBe("2024-04-07");
    const month = within(dialog).getByRole("combobox", { name: "Mois" });
    expect(
      within(month)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toContain("janvier");
  });

  it("picks a greyed day of the month before with one click (issue 11)", async () => {
    renderCard();
    const dialog = await openPicker();
    const outside = within(dialog).getByRole("button", { name: "Sunday 31 March 2024" });
    // a mouse focuses the day first, then clicks it: the page must not turn in between
    fireEvent.focus(outside);
    expect(shownMonth(dialog)).toBe("April 2024");
    fireEvent.click(outside);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(shownValue()).toBe("2024-03-31");
  });

  it("chooses the month and the year directly from lists, then picks a day", async () => {
    renderCard();
    const dialog = await openPicker();
    const year = within(dialog).getByRole("combobox", { name: "Year" });
    const options = within(year)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options[0]).toBe("2024"); // nothing after today's year: days after today are off
    fireEvent.change(year, { target: { value: "2022" } });
    expect(shownMonth(dialog)).toBe("April 2022");
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Month" }), {
      target: { value: "0" },
    });
    expect(shownMonth(dialog)).toBe("January 2022");
    // the list keeps the focus; the month's first day is the grid's tab stop
    expect(dialog.querySelector<HTMLElement>("[data-day][tabindex='0']")?.dataset.day).toBe(
      "2022-01-01",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Saturday 15 January 2022" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(shownValue()).toBe("2022-01-15");
  });

  it("asks for a date before adding, on the picker, which takes the focus", async () => {
    const onAdd = renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Add to timeline" }));
    const said = await screen.findByText("Pick a date.");
    expect(trigger().getAttribute("aria-invalid")).toBe("true");
    expect(trigger().getAttribute("aria-describedby")).toBe(said.id);
    expect(document.activeElement).toBe(trigger());
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("adds a threshold-down with its title in the page's language", async () => {
    const onAdd = renderCard({ allowDown: true }, "/fr/nisab");
    fireEvent.click(screen.getByRole("radio", { name: /Passé sous le seuil/ }));
    await openPicker();
    key("ArrowLeft");
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Ajouter à la chronologie" }));
    });
    expect(onAdd).toHaveBeenCalledWith(
      {
        date: "2024-04-11",
        type: "threshold-down",
        title: "Passé sous le nisab",
        titleCode: "nisab-below",
      },
      { onAdded: expect.any(Function) },
    );
  });

  it("starts from an empty date once the milestone is added, not before", async () => {
    let added: (() => void) | undefined;
    renderCard({
      onAdd: vi.fn(async (_input, options) => {
        added = options?.onAdded;
      }),
    });
    await openPicker();
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to timeline" }));
    });
    // the review setup is still open: the date stays
    expect(shownValue()).toBe(today);
    act(() => added!());
    expect(shownValue()).toBe("");
  });

  it("shows a rule violation in the card's language", async () => {
    const onAdd = vi.fn(async () => {
      throw new ApiError(409, "DUPLICATE_THRESHOLD_DATE", "Cannot add …");
    });
    renderCard({ onAdd }, "/nl/nisab");
    await openPicker();
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Aan tijdlijn toevoegen" }));
    });
    expect(onAdd).toHaveBeenCalledWith(
      { date: today, type: "threshold", title: "Nisab bereikt", titleCode: "nisab-reached" },
      { onAdded: expect.any(Function) },
    );
    expect(screen.getByTestId("threshold-error").textContent).toBe(
      "Je kunt geen drempelmijlpaal toevoegen op dezelfde datum als een andere drempelmijlpaal.",
    );
  });

  it("a server's refusal of the date lands on the picker", async () => {
    const onAdd = vi.fn(async () => {
      // what the server's zod says of a day outside the tracker's years (contracts/zakat.ts)
      throw new ApiError(400, "VALIDATION_FAILED", "Validation failed.", { date: "out_of_range" });
    });
    renderCard({ onAdd }, "/fr/nisab");
    await openPicker();
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Ajouter à la chronologie" }));
    });
    expect(onAdd).toHaveBeenCalled();
    await waitFor(() => expect(trigger().getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(trigger().getAttribute("aria-describedby")!)?.textContent).toBe(
      "Cette valeur n’est pas valide.",
    );
    expect(document.activeElement).toBe(trigger());
    expect(screen.queryByTestId("threshold-error")).toBeNull();
  });

  it("says which day a second 'threshold exceeded' clashes with, in the card's language (issue 30 #6)", async () => {
    const onAdd = vi.fn(async () => {
      throw new ApiError(409, "THRESHOLD_ALREADY_REACHED", "The threshold was…", {
        ruleDate: "2024-03-11",
      });
    });
    renderCard({ onAdd }, "/fr/nisab");
    await openPicker();
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Ajouter à la chronologie" }));
    });
    expect(screen.getByTestId("threshold-error").textContent).toBe(
      "Le seuil a déjà été dépassé le 11 mars 2024 sans « Passé sous le seuil » entre les deux\u202F: une année de zakat ne recommence pas tant que les biens restent au-dessus du nisab. Ajoutez d'abord le « Passé sous le seuil ».",
    );
  });

  // issue 30 #6: both sequence refusals name the day they clash with, in each language
  const catalogues = {
    en: { errors: enErrors, tracker: enTracker, at: "/nisab" },
    fr: { errors: frErrors, tracker: frTracker, at: "/fr/nisab" },
    nl: { errors: nlErrors, tracker: nlTracker, at: "/nl/nisab" },
  } as const;
  it.each(
    (["en", "fr", "nl"] as const).flatMap((lang) =>
      (["THRESHOLD_ALREADY_REACHED", "BELOW_BEFORE_THRESHOLD"] as const).map(
        (code) => [lang, code] as const,
      ),
    ),
  )("%s: the refusal %s names the threshold's day", async (lang, code) => {
    const { errors, tracker, at } = catalogues[lang];
    const onAdd = vi.fn(async () => {
      throw new ApiError(409, code, "Refused", { ruleDate: "2024-03-11" });
    });
    renderCard({ onAdd, allowDown: true }, at);
    await openPicker();
    fireEvent.click(document.activeElement!);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: tracker.threshold.add }));
    });
    const day = formatDay("2024-03-11", lang);
    expect(screen.getByTestId("threshold-error").textContent).toBe(
      errors[code].replace("{{date}}", day),
    );
    expect(screen.getByTestId("threshold-error").textContent).toContain(day);
  });
});
