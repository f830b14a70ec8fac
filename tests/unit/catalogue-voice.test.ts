import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One voice per language in every catalogue (locales/README.md): Dutch speaks with "je/jouw",
// never the formal "u/uw/uzelf"; French with "vous", never "tu". Whole words only: "u" inside
// "uur" or "thuis" is no address.

const localesDir = path.resolve(import.meta.dirname, "../../locales");

function texts(value: unknown, key = "", out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object")
    for (const [k, child] of Object.entries(value)) texts(child, key ? `${key}.${k}` : k, out);
  return out;
}

/** `file:key: text` for every text of the language where `word` matches a whole word. */
function voiceProblems(lang: string, words: readonly string[]): string[] {
  const word = new RegExp(`(?<![\\p{L}\\p{N}'’])(${words.join("|")})(?![\\p{L}\\p{N}])`, "iu");
  const dir = path.join(localesDir, lang);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      texts(JSON.parse(readFileSync(path.join(dir, file), "utf8")))
        .filter(([, text]) => word.test(text.replace(/\{\{[^}]*\}\}/g, "")))
        .map(([key, text]) => `${file}:${key}: ${text}`),
    );
}

describe("one voice per language", () => {
  it("Dutch uses je/jouw, never u/uw/uzelf", () => {
    expect(voiceProblems("nl", ["u", "uw", "uwe", "uzelf"])).toEqual([]);
  });

  it("French uses vous, never tu/toi/ton/tes", () => {
    expect(voiceProblems("fr", ["tu", "toi", "ton", "tes"])).toEqual([]);
  });

  it("finds the formal voice as a whole word only", () => {
    const nl = new RegExp(`(?<![\\p{L}\\p{N}'’])(u|uw)(?![\\p{L}\\p{N}])`, "iu");
    expect(nl.test("Wat bezit u?")).toBe(true);
    expect(nl.test("Uw zakat")).toBe(true);
    expect(nl.test("Wat bezit je thuis, per uur?")).toBe(false);
  });
});
