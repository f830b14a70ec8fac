// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import { reviewPlan } from "#domain/hawl/index.ts";
import { planCases, titleCases } from "#tests/helpers/hawl-words-cases.ts";
import golden from "#tests/unit/hawl-words.golden.json";
import { useMilestoneTitle, useTitleText } from "./titles";

// The milestone titles and the review schedule the web shows, in each language, word for word
// as before the words moved from src/domain to locales/ (issue 16; tests/unit/hawl-words.golden.json).

const langs = ["en", "fr", "nl"] as const;

/** What the timeline, the calendar and the review schedule preview show. */
function useWords() {
  const titleText = useTitleText();
  return {
    title: useMilestoneTitle(),
    plan: (c: { quarterly: boolean; monthly: boolean }) =>
      reviewPlan(c).map((entry) => ({ months: entry.months, title: titleText(entry.title) })),
  };
}

describe.each(langs)("web words in %s", (lang) => {
  const { result } = renderHook(() => useWords(), {
    wrapper: ({ children }) => <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>,
  });
  const expected = golden[lang];

  it.each(Object.entries(titleCases))("milestone title: %s", (name, m) => {
    expect(result.current.title(m)).toBe(expected.titles[name as keyof typeof expected.titles]);
  });

  it.each(Object.entries(planCases))("review schedule: %s", (name, c) => {
    expect(result.current.plan(c)).toEqual(expected.plans[name as keyof typeof expected.plans]);
  });
});
