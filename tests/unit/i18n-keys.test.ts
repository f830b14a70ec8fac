import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../src/web/app/route-table";

// Every catalog under locales/<lang>/<namespace>.json, read from disk: a key present in one
// language must exist in all of them, no text may be empty, and the {{placeholders}} of a text
// must be the same in every language.

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
  const allKeys = new Set([...leaves.values()].flatMap((l) => [...l.keys()]));
  for (const key of [...allKeys].sort()) {
    const reference = [...leaves.values()].find((l) => typeof l.get(key) === "string")?.get(key);
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

  it("reports keys that exist only outside English too", () => {
    expect(catalogProblems({ en: { a: "x" }, fr: { a: "x", extra: "y" }, nl: { a: "x" } })).toEqual(
      ['en: missing key "extra"', 'nl: missing key "extra"'],
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
