// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { formatDay, formatHijriDay } from "#domain/dates/index.ts";
import { addHijriYear, generateReviews } from "#domain/hawl/index.ts";
import { i18nFor } from "~/app/i18n";
import { Hero } from "./hero";

// Issue 30: the example's review and due dates are the ones the tracker itself would give a
// threshold on the example's first day, not typed text that disagreed with it.

afterEach(cleanup);

const threshold = "2025-06-02";

describe.each(["en", "fr", "nl"] as const)("landing example year (%s)", (lang) => {
  it("dates the first quarterly review and the due day by the tracker's rules", () => {
    render(
      <I18nextProvider i18n={i18nFor(lang)}>
        <MemoryRouter>
          <Hero />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const reviews = generateReviews(
      { date: threshold, code: "t", quarterlyReminder: true, monthlyReminder: false },
      () => "id",
      { quarterly: ["25", "50", "75", "100"], monthly: "m" },
    );
    const due = addHijriYear(threshold);
    const reached = screen.getByTestId("preview-m1").textContent;
    const review = screen.getByTestId("preview-m2").textContent;
    const dueLine = screen.getByTestId("preview-m3").textContent;
    expect(reached).toContain(formatDay(threshold, lang));
    expect(review).toContain(formatDay(reviews[0]!.date, lang));
    expect(review).toContain(formatHijriDay(reviews[0]!.date, lang));
    expect(dueLine).toContain(formatDay(due, lang));
    const figure = screen.getByRole("figure");
    // the year's length is the threshold's Hijri year (355 days here), not a typed 354
    expect(within(figure).getByText(/241/).textContent).toMatch(/355/);
  });
});
