import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../src/web/app/route-table";

// Every catalog under locales/<lang>/<namespace>.json, read from disk: every key of English
// exists in every language and no language has a key English lacks, no text may be empty, the
// {{placeholders}} of a text are the same in every language, and a plural text has exactly the
// forms its language's Intl.PluralRules names (Arabic six, French three, English two…).

const localesDir = path.resolve(import.meta.dirname, "../../locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, unknown>;

/** "a.b.c" -> value for every leaf; plural forms (key_one, key_many...) collapse to "key". */
function flatten(value: unknown, prefix = "", out: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix.replace(PLURAL_SUFFIX, ""), value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

/** Problems of one namespace across languages, as readable lines (empty when clean). */
function catalogProblems(catalogs: Record<string, unknown | undefined>): string[] {
  const problems: string[] = [];
  const leaves = new Map<string, Leaves>();
  for (const [lang, catalog] of Object.entries(catalogs)) {
    if (catalog === undefined) problems.push(`${lang}: file missing`);
    else leaves.set(lang, flatten(catalog));
  }
  const english = leaves.get("en");
  const allKeys = new Set([...leaves.values()].flatMap((l) => [...l.keys()]));
  for (const key of [...allKeys].sort()) {
    const reference = [...leaves.values()].find((l) => typeof l.get(key) === "string")?.get(key);
    if (english && !english.has(key)) {
      for (const [lang, l] of leaves) if (l.has(key)) problems.push(`${lang}: extra key "${key}"`);
      continue;
    }
    for (const [lang, l] of leaves) {
      if (!l.has(key)) {
        problems.push(`${lang}: missing key "${key}"`);
        continue;
      }
      const value = l.get(key);
      if (typeof value !== "string") problems.push(`${lang}: "${key}" is not a string`);
      else if (value.trim() === "") problems.push(`${lang}: "${key}" is empty`);
      else if (
        typeof reference === "string" &&
        placeholders(value).join() !== placeholders(reference).join()
      ) {
        problems.push(
          `${lang}: "${key}" has placeholders [${placeholders(value)}], expected [${placeholders(reference)}]`,
        );
      }
    }
  }
  return problems;
}

/** Plural texts whose forms are not exactly the ones Intl.PluralRules names for the language. */
function pluralProblems(lang: string, catalog: unknown): string[] {
  const expected = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
  const forms = new Map<string, string[]>();
  const walk = (value: unknown, prefix: string) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const plural = PLURAL_SUFFIX.exec(path);
      if (plural && typeof child === "string") {
        const base = path.slice(0, -plural[0].length);
        forms.set(base, [...(forms.get(base) ?? []), plural[1]!]);
      } else walk(child, path);
    }
  };
  walk(catalog, "");
  return [...forms]
    .filter(([, found]) => found.sort().join() !== expected.join())
    .map(([base, found]) => `${lang}: "${base}" has forms [${found}], expected [${expected}]`);
}

function readCatalogs() {
  const namespaces = new Set<string>();
  for (const lang of languages) {
    const dir = path.join(localesDir, lang);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (file.endsWith(".json")) namespaces.add(file.slice(0, -".json".length));
    }
  }
  return [...namespaces].sort().map((ns) => {
    const catalogs: Record<string, unknown | undefined> = {};
    for (const lang of languages) {
      const file = path.join(localesDir, lang, `${ns}.json`);
      catalogs[lang] = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
    }
    return { ns, catalogs };
  });
}

describe("locale catalogs", () => {
  const all = readCatalogs();

  it("has a folder per language and at least the common namespace", () => {
    for (const lang of languages) expect(existsSync(path.join(localesDir, lang)), lang).toBe(true);
    expect(all.map((c) => c.ns)).toContain("common");
  });

  it("has no stray language folders", () => {
    const folders = readdirSync(localesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual([...languages].sort());
  });

  it.each(all.map((c) => [c.ns, c.catalogs] as const))(
    "%s: same keys in every language, no empty texts, same placeholders",
    (_ns, catalogs) => {
      expect(catalogProblems(catalogs)).toEqual([]);
    },
  );

  it.each(all.map((c) => [c.ns, c.catalogs] as const))(
    "%s: every plural text has its language's plural forms",
    (_ns, catalogs) => {
      const problems = Object.entries(catalogs).flatMap(([lang, catalog]) =>
        catalog === undefined ? [] : pluralProblems(lang, catalog),
      );
      expect(problems).toEqual([]);
    },
  );
});

describe("pluralProblems", () => {
  it("asks Arabic for six forms and Turkish for two", () => {
    const two = { n_one: "{{count}}", n_other: "{{count}}" };
    expect(pluralProblems("tr", two)).toEqual([]);
    expect(pluralProblems("ar", { a: two })).toEqual([
      'ar: "a.n" has forms [one,other], expected [few,many,one,other,two,zero]',
    ]);
    const six = Object.fromEntries(
      ["zero", "one", "two", "few", "many", "other"].map((f) => [`n_${f}`, "{{count}}"]),
    );
    expect(pluralProblems("ar", six)).toEqual([]);
    expect(pluralProblems("en", six)).toHaveLength(1);
  });
});

describe("catalogProblems", () => {
  it("reports a key missing in one language, deep", () => {
    expect(
      catalogProblems({
        en: { a: { b: "x", c: "y" } },
        fr: { a: { b: "x" } },
        nl: { a: { b: "x", c: "z" } },
      }),
    ).toEqual(['fr: missing key "a.c"']);
  });

  it("reports keys English lacks as extra", () => {
    expect(catalogProblems({ en: { a: "x" }, fr: { a: "x", extra: "y" }, nl: { a: "x" } })).toEqual(
      ['fr: extra key "extra"'],
    );
  });

  it("reports a missing namespace file", () => {
    expect(catalogProblems({ en: { a: "x" }, fr: undefined, nl: { a: "x" } })).toEqual([
      "fr: file missing",
    ]);
  });

  it("reports empty and non-string texts", () => {
    expect(
      catalogProblems({ en: { a: " ", b: 3 }, fr: { a: "x", b: "y" }, nl: { a: "x", b: "y" } }),
    ).toEqual(['en: "a" is empty', 'en: "b" is not a string']);
  });

  it("reports placeholders that differ", () => {
    expect(
      catalogProblems({
        en: { a: "Hi {{name}}" },
        fr: { a: "Salut {{nom}}" },
        nl: { a: "Hoi {{name}}" },
      }),
    ).toEqual(['fr: "a" has placeholders [nom], expected [name]']);
  });

  it("accepts different plural forms per language", () => {
    expect(
      catalogProblems({
        en: { n_one: "{{count}} item", n_other: "{{count}} items" },
        fr: {
          n_one: "{{count}} élément",
          n_many: "{{count}} éléments",
          n_other: "{{count}} éléments",
        },
        nl: { n_one: "{{count}} item", n_other: "{{count}} items" },
      }),
    ).toEqual([]);
  });
});
