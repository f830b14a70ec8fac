// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import type { ElapsedHijri } from "#domain/hawl/hijri.ts";
import arTracker from "#locales/ar/tracker.json";
import trTracker from "#locales/tr/tracker.json";
import { useFormatElapsed } from "./elapsed";

const trackerTexts = { ar: arTracker, tr: trTracker } as Record<string, unknown>;

// The Hijri time since a date in words, from the tracker catalog of each language.
const el = (years: number, months: number, days: number): ElapsedHijri => ({
  kind: "elapsed",
  years,
  months,
  days,
});

const rows: Array<[ElapsedHijri, Record<"en" | "fr" | "nl", string>]> = [
  [
    { kind: "no-date" },
    { en: "No date set", fr: "Aucune date définie", nl: "Geen datum ingesteld" },
  ],
  [{ kind: "future" }, { en: "Future date", fr: "Date future", nl: "Datum in de toekomst" }],
  [el(0, 0, 0), { en: "0 days", fr: "0 jour", nl: "0 dagen" }],
  [el(0, 0, 1), { en: "1 day", fr: "1 jour", nl: "1 dag" }],
  [el(0, 0, 28), { en: "28 days", fr: "28 jours", nl: "28 dagen" }],
  [el(0, 1, 0), { en: "1 month", fr: "1 mois", nl: "1 maand" }],
  [el(1, 0, 0), { en: "1 year", fr: "1 an", nl: "1 jaar" }],
  [
    el(0, 11, 28),
    { en: "11 months, 28 days", fr: "11 mois, 28 jours", nl: "11 maanden, 28 dagen" },
  ],
  [
    el(1, 1, 13),
    {
      en: "1 year, 1 month, 13 days",
      fr: "1 an, 1 mois, 13 jours",
      nl: "1 jaar, 1 maand, 13 dagen",
    },
  ],
  [
    el(2, 2, 2),
    {
      en: "2 years, 2 months, 2 days",
      fr: "2 ans, 2 mois, 2 jours",
      nl: "2 jaar, 2 maanden, 2 dagen",
    },
  ],
  [el(1, 0, 5), { en: "1 year, 5 days", fr: "1 an, 5 jours", nl: "1 jaar, 5 dagen" }],
  [el(0, 0, 2), { en: "2 days", fr: "2 jours", nl: "2 dagen" }],
];

function formatIn(lang: Language) {
  const { result } = renderHook(() => useFormatElapsed(), {
    wrapper: ({ children }) => <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>,
  });
  return result.current;
}

describe("useFormatElapsed", () => {
  it.each(rows)("%j", (elapsed, texts) => {
    expect({
      en: formatIn("en")(elapsed),
      fr: formatIn("fr")(elapsed),
      nl: formatIn("nl")(elapsed),
    }).toEqual(texts);
  });

  it("French takes the singular for 0 and 1, English and Dutch for 1 only", () => {
    expect(formatIn("fr")(el(1, 1, 1))).toBe("1 an, 1 mois, 1 jour");
    expect(formatIn("en")(el(1, 1, 1))).toBe("1 year, 1 month, 1 day");
    expect(formatIn("nl")(el(0, 2, 0))).toBe("2 maanden");
  });

  // Arabic has six plural forms, Turkish two: each count takes the catalogue's form that
  // Intl.PluralRules names for it (the texts are the translators'; the choice is i18next's).
  it.each<[Language, number[]]>([
    ["ar", [0, 1, 2, 3, 10, 11, 99, 100, 102]],
    ["tr", [0, 1, 2, 5]],
  ])("%s picks the plural form Intl.PluralRules names", (lang, counts) => {
    const rules = new Intl.PluralRules(lang);
    for (const count of counts) {
      const form = `day_${rules.select(count)}` as const;
      const text = (trackerTexts[lang] as { elapsed: Record<string, string> }).elapsed[form];
      expect(text, `${lang} tracker elapsed.${form}`).toBeDefined();
      expect(formatIn(lang)(el(0, 0, count))).toBe(text!.replace("{{count}}", String(count)));
    }
  });
});
