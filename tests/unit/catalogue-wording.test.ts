import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One spelling per language in every catalogue (issue 30): English labels in sentence case,
// "Sign in" (never "Login"), "e-mail" (never "email"); Dutch "inloggen" (never "aanmelden",
// which reads as signing up) and "uitloggen" (never "afmelden"); French typography: a narrow no-break space (U+202F) before
// : ; ! and ?, so that the sign never starts a line and the space has the right width.

const localesDir = path.resolve(import.meta.dirname, "../../locales");

function texts(value: unknown, key = "", out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object")
    for (const [k, child] of Object.entries(value)) texts(child, key ? `${key}.${k}` : k, out);
  return out;
}

/** Every text of a language as `file:key`, with placeholders and web addresses taken out. */
function catalogue(lang: string): [string, string][] {
  const dir = path.join(localesDir, lang);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      texts(JSON.parse(readFileSync(path.join(dir, file), "utf8"))).map(
        ([key, text]): [string, string] => [
          `${file}:${key}`,
          text.replace(/\{\{[^}]*\}\}/g, "X").replace(/\b[a-z]+:\/\/\S*/g, "URL"),
        ],
      ),
    );
}

const problems = (lang: string, bad: (text: string) => boolean) =>
  catalogue(lang)
    .filter(([, text]) => bad(text))
    .map(([where, text]) => `${where}: ${text}`);

/** Words an English label may capitalise after its first: names, plans, acronyms. */
const properWords = new Set(
  (
    "Hawl Hijri Gregorian Standard Pro Free Stripe Umm Qura Islamic Relief Worldwide National " +
    "Zakat Foundation English French Dutch Arabic Turkish Ramadan Hanafi Hanbali Shafi'i Maliki " +
    "Google Apple Outlook Calendar Euro Dhu Hijjah Rabi Awwal"
  ).split(" "),
);
// The review milestones' stored titles are the spec's (§9: "25% Zakat Review"), and so is the
// " (Cancelled)" marker a threshold-down appends to them, which the feed's summaries repeat.
const titleKeys = new Set([
  "tracker.json:titles.review-quarterly",
  "tracker.json:titles.review-monthly",
  "landing.json:preview.m2",
  "calendar-feeds.json:feed.summary.cancelled",
  "calendar-feeds.json:feed.summary.completed",
]);

/** A short label (a button, a title, a menu item) with a capitalised word that is no name. */
function titleCase(where: string, text: string): boolean {
  const all = text.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  if (all.length < 2 || all.length > 6 || /[.!?]$/.test(text.trim())) return false;
  if (titleKeys.has(where)) return false;
  // each item of a list ("e.g. Family zakat, Personal") starts anew
  return text
    .replace(/\be\.g\.\s*/g, "")
    .split(",")
    .some((part) =>
      (part.match(/[\p{L}][\p{L}'’-]*/gu) ?? [])
        .slice(1)
        .some((w) => /^\p{Lu}\p{Ll}/u.test(w) && !properWords.has(w) && w !== "X" && w !== "URL"),
    );
}

/** "zekat" without its circumflex, "nisab" or "nisapı" against the consonant change, "hawl" for
 * havl (the product's name "Hawl" is capitalised). */
const turkishTermProblem =
  /(?<!\p{L})([Zz]ekat\p{L}*|[Nn]isab(?!\p{L})|[Nn]isap[aeıioöuü]\p{L}*|hawl\p{L}*)/u;

describe("one spelling per language", () => {
  it("English labels are in sentence case", () => {
    const bad = catalogue("en")
      .filter(([where, text]) => titleCase(where, text))
      .map(([where, text]) => `${where}: ${text}`);
    expect(bad).toEqual([]);
  });

  it('English says "Sign in" and "Sign out", never "Login", "Log in" or "Logout"', () => {
    expect(problems("en", (text) => /\blog ?(in|out)\b/i.test(text))).toEqual([]);
  });

  it('English writes "e-mail", never "email"', () => {
    expect(problems("en", (text) => /\bemails?\b/i.test(text))).toEqual([]);
  });

  it('Dutch says "inloggen", never "aanmelden"', () => {
    expect(
      problems("nl", (text) => /\b(aanmeld\w*|meld je aan|meldt? (je|zich) aan)\b/i.test(text)),
    ).toEqual([]);
  });

  it('Dutch says "uitloggen", never "afmelden" (the glossary\'s sign out)', () => {
    expect(
      problems("nl", (text) =>
        /\b(afmeld\w*|afgemeld|meld je af|meldt? (je|zich) af)\b/i.test(text),
      ),
    ).toEqual([]);
  });

  it("Turkish writes zekât, nisap (nisab- before a vowel) and havl, as its glossary", () => {
    expect(problems("tr", (text) => turkishTermProblem.test(text))).toEqual([]);
  });

  it("French puts a narrow no-break space before : ; ! ?", () => {
    expect(problems("fr", (text) => /(^|[^\u202F])[:;!?]/u.test(text))).toEqual([]);
  });

  it("finds what it forbids", () => {
    expect(titleCase("x.json:a", "Create Workspace")).toBe(true);
    expect(titleCase("x.json:a", "Get Started for Free")).toBe(true);
    expect(titleCase("x.json:a", "Choose Standard")).toBe(false);
    expect(titleCase("x.json:a", "Create workspace")).toBe(false);
    expect(
      ["Zekat", "zekatınız", "nisab", "nisapı", "hawl"].map((w) => turkishTermProblem.test(w)),
    ).toEqual([true, true, true, true, true]);
    expect(
      ["Zekât", "nisap", "nisabın", "havlinizi", "Hawl'ın"].map((w) => turkishTermProblem.test(w)),
    ).toEqual([false, false, false, false, false]);
    expect(/(^|[^\u202F])[:;!?]/u.test("Taux : 2,5 %")).toBe(true);
    expect(/(^|[^\u202F])[:;!?]/u.test("Taux\u202F: 2,5 %")).toBe(false);
  });
});
