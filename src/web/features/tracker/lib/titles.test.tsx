// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import { milestoneTitle, reviewPlan, reviewTitles } from "../../../../domain/hawl/index";
import { planCases, titleCases } from "../../../../../tests/helpers/hawl-words-cases";
import golden from "../../../../../tests/unit/hawl-words.golden.json";

// The milestone titles and the review schedule the web shows, in each language, word for word
// as before the words moved from src/domain to locales/ (issue 16; tests/unit/hawl-words.golden.json).

const langs = ["en", "fr", "nl"] as const;

function useWords(lang: (typeof langs)[number]) {
  return {
    title: (m: (typeof titleCases)[string]) => milestoneTitle(m, lang),
    plan: (c: { quarterly: boolean; monthly: boolean }) => reviewPlan(c, reviewTitles[lang]),
  };
}

describe.each(langs)("web words in %s", (lang) => {
  const { result } = renderHook(() => useWords(lang), {
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
