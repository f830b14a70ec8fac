import { describe, expect, it } from "vitest";
import type { Language } from "../language.ts";
import {
  formatDay,
  formatDayRange,
  formatDayWithWeekday,
  formatHijriCell,
  formatHijriDay,
  formatHijriMonths,
  formatInstant,
  formatInstantDay,
  formatMonthYear,
  formatTimeZone,
  hijriMonthName,
  hijriMonthNames,
} from "./index.ts";

// The product's one date style (decision 055), table by table. Umm al-Qura anchors: 1 Ramadan
// 1445 = 2024-03-11, 1 Muharram 1446 = 2024-07-07 (30 Dhu al-Hijjah 1445 the day before),
// 1 Muharram 1447 = 2025-06-26. Intl puts no-break spaces in some times; read as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

/** A date written with digits only: 11/28/26, 12/06/2026, 2026-11-28, 28.11.2026. */
const allNumeric = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/;

describe("formatDay: day, month name, year in every language", () => {
  it.each<[string, Language, string]>([
    ["2026-11-28", "en", "28 November 2026"],
    ["2026-11-28", "fr", "28 novembre 2026"],
    ["2026-11-28", "nl", "28 november 2026"],
    // 12 June, not 6 December (issue 30's "12/06/2026")
    ["2026-06-12", "en", "12 June 2026"],
    ["2026-06-12", "fr", "12 juin 2026"],
    ["2026-06-12", "nl", "12 juni 2026"],
    // the 1st: no "1er", no leading zero
    ["2026-03-01", "fr", "1 mars 2026"],
    ["2026-03-01", "en", "1 March 2026"],
    // leap day, year end, far years
    ["2024-02-29", "nl", "29 februari 2024"],
    ["2025-12-31", "en", "31 December 2025"],
    ["1900-01-01", "fr", "1 janvier 1900"],
    ["2199-12-31", "nl", "31 december 2199"],
    // Arabic with Western digits (decision 070), Turkish as Turkey writes it
    ["2026-11-28", "ar", "28 نوفمبر 2026"],
    ["2026-11-28", "tr", "28 Kasım 2026"],
    ["2026-02-01", "tr", "1 Şubat 2026"],
  ])("%s in %s → %s", (day, lang, text) => {
    expect(formatDay(day, lang)).toBe(text);
    expect(formatDay(day, lang)).not.toMatch(allNumeric);
  });

  it("returns what is not a calendar day as it is (never throws in a page)", () => {
    expect(formatDay("2025-02-30", "en")).toBe("2025-02-30");
    expect(formatDay("", "fr")).toBe("");
  });
});

describe("with the weekday, month titles and ranges", () => {
  it.each<[Language, string, string]>([
    ["en", "Saturday 28 November 2026", "November 2026"],
    ["fr", "samedi 28 novembre 2026", "novembre 2026"],
    ["nl", "zaterdag 28 november 2026", "november 2026"],
    ["ar", "السبت، 28 نوفمبر 2026", "نوفمبر 2026"],
    ["tr", "28 Kasım 2026 Cumartesi", "Kasım 2026"],
  ])("%s", (lang, full, month) => {
    expect(formatDayWithWeekday("2026-11-28", lang)).toBe(full);
    expect(formatMonthYear("2026-11-28", lang)).toBe(month);
  });

  it.each<[string, string, Language, string]>([
    ["2026-11-22", "2026-11-28", "en", "22–28 November 2026"],
    ["2026-11-29", "2026-12-05", "fr", "29 novembre – 5 décembre 2026"],
    ["2026-12-27", "2027-01-02", "nl", "27 december 2026 – 2 januari 2027"],
    ["2026-11-28", "2026-11-28", "en", "28 November 2026"],
  ])("%s to %s in %s", (from, to, lang, text) => {
    expect(formatDayRange(from, to, lang)).toBe(text);
  });
});

describe("instants: the day (and time) where the reader is", () => {
  // 23:30 UTC on 28 November is already 29 November in Brussels and still 28 in New York
  const instant = "2026-11-28T23:30:00Z";
  it.each<[Language, string, string, string]>([
    ["en", "Europe/Brussels", "29 November 2026", "29 November 2026 at 12:30 AM"],
    ["fr", "Europe/Brussels", "29 novembre 2026", "29 novembre 2026 à 00:30"],
    ["nl", "America/New_York", "28 november 2026", "28 november 2026 om 18:30"],
    ["en", "UTC", "28 November 2026", "28 November 2026 at 11:30 PM"],
    ["ar", "Asia/Riyadh", "29 نوفمبر 2026", "29 نوفمبر 2026 في 2:30 ص"],
    ["tr", "Europe/Istanbul", "29 Kasım 2026", "29 Kasım 2026 saat 02:30"],
  ])("%s in %s", (lang, zone, day, withTime) => {
    expect(formatInstantDay(instant, lang, zone)).toBe(day);
    expect(plain(formatInstant(instant, lang, zone))).toBe(withTime);
  });

  it("reads an unknown zone as UTC and a bad instant as it is", () => {
    expect(formatInstantDay(instant, "en", "Mars/Olympus")).toBe("28 November 2026");
    expect(formatInstantDay("not a date", "fr", "UTC")).toBe("not a date");
  });
});

describe("Hijri: Umm al-Qura numbers, one spelling per language", () => {
  it.each<[string, Language, string]>([
    ["2024-03-11", "en", "1 Ramadan 1445 AH"],
    ["2024-03-11", "fr", "1 ramadan 1445 AH"],
    ["2024-03-11", "nl", "1 Ramadan 1445 AH"],
    // the last day of a year and the first of the next
    ["2024-07-06", "en", "30 Dhu al-Hijjah 1445 AH"],
    ["2024-07-07", "fr", "1 mouharram 1446 AH"],
    ["2024-07-06", "nl", "30 Dhoe al-Hidjdja 1445 AH"],
    // issue 30's spellings: one per language
    ["2025-09-02", "en", "10 Rabi al-Awwal 1447 AH"],
    ["2025-09-02", "fr", "10 rabia al-awal 1447 AH"],
    ["2026-11-28", "en", "18 Jumada al-Thani 1448 AH"],
    ["2026-11-28", "nl", "18 Djoemada al-Akhira 1448 AH"],
    ["2024-02-29", "fr", "19 chaabane 1445 AH"],
    ["2026-11-28", "ar", "18 جمادى الآخرة 1448 هـ"],
    ["2024-03-11", "tr", "1 Ramazan 1445 H"],
  ])("%s in %s → %s", (day, lang, text) => {
    expect(formatHijriDay(day, lang)).toBe(text);
  });

  it.each<[string, string, Language, string]>([
    ["2025-03-01", "2025-03-31", "en", "Ramadan – Shawwal 1446 AH"],
    ["2025-06-01", "2025-06-30", "fr", "dhou al-hijja 1446 – mouharram 1447 AH"],
    ["2025-03-02", "2025-03-08", "nl", "Ramadan 1446 AH"],
  ])("the months of %s to %s in %s", (from, to, lang, text) => {
    expect(formatHijriMonths(from, to, lang)).toBe(text);
  });

  it.each<[string, boolean, string]>([
    ["2025-03-06", false, "6"],
    ["2025-03-01", false, "1 Ramadan"],
    ["2025-03-06", true, "6 Ramadan"],
  ])("a cell: %s (first cell %s) → %s", (day, first, text) => {
    expect(formatHijriCell(day, "en", first)).toBe(text);
  });

  it("has twelve names in each language, without ʻayn signs or apostrophes", () => {
    for (const names of Object.values(hijriMonthNames)) {
      expect(names).toHaveLength(12);
      for (const name of names) expect(name).not.toMatch(/[ʻʿʼ'’`]/);
    }
    expect(hijriMonthName(3, "en")).toBe("Rabi al-Awwal");
    expect(hijriMonthName(3, "fr")).toBe("rabia al-awal");
    expect(hijriMonthName(3, "nl")).toBe("Rabi al-Awwal");
  });

  it.each<Language>(["ar", "tr"])(
    "%s: the names are ICU's on the islamic-umalqura calendar (a Hijri year, month by month)",
    (lang) => {
      const format = new Intl.DateTimeFormat(`${lang}-u-ca-islamic-umalqura-nu-latn`, {
        timeZone: "UTC",
        month: "long",
      });
      // 1 Muharram 1446 = 2024-07-07; the 15th of each month is 14 days after each first
      const icu = new Set<string>();
      for (let d = 0; d < 354; d += 29) icu.add(format.format(new Date(Date.UTC(2024, 6, 21 + d))));
      expect([...icu].sort()).toEqual([...hijriMonthNames[lang]].sort());
      expect(hijriMonthName(9, lang)).toBe(lang === "ar" ? "رمضان" : "Ramazan");
    },
  );
});

describe("time zones by name, never the raw id", () => {
  it.each<[string, Language, RegExp]>([
    ["Asia/Tokyo", "en", /^Tokyo \(Japan.*Time\)$/],
    ["Asia/Tokyo", "fr", /^Tokyo \(heure .*Japon\)$/],
    ["Asia/Tokyo", "nl", /^Tokyo \(Japanse .*tijd\)$/],
    ["America/Argentina/Buenos_Aires", "en", /^Buenos Aires \(/],
    ["UTC", "fr", /^temps universel coordonné$/],
  ])("%s in %s", (zone, lang, text) => {
    const shown = formatTimeZone(zone, lang);
    expect(shown).toMatch(text);
    expect(shown).not.toContain("/");
  });
});
