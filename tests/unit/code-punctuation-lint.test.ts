import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// French puts a narrow no-break space (U+202F) before : ; ! and ? (catalogue-wording.test.ts
// holds the catalogues to it). A sign the code glues after a translated text escapes that
// rule: `{t("item.zakatDue")}:` reads "Zakat due:" in French too (issue 30). The sign belongs
// in the catalogue text ("{{label}} :" in French), so this fails when the code appends one
// right after a t(...) call or an interpolated label, title or name, in JSX or a template.
const root = path.resolve(import.meta.dirname, "../..");

/** `{…}` or `${…}` (no space after the brace: prettier spaces object patterns, never JSX
 * containers) holding a t( call or a label/title/name, then : ; ! or ? (not `::` or `://`). */
const gluedSign =
  /\$?\{(?!\s)(?:[^{}\n]|\{[^{}\n]*\})*?(?:\bt\(|[lL]abel\b|[tT]itle\b|[nN]ame\b)(?:[^{}\n]|\{[^{}\n]*\})*\}\s?[:;!?](?![:/])/g;

export function gluedSigns(file: string, source: string): string[] {
  return [...source.matchAll(gluedSign)].map((match) => `${file}: ${match[0]}`);
}

function sourceFiles(): string[] {
  return (readdirSync(path.join(root, "src"), { recursive: true }) as string[])
    .map((file) => `src/${file}`)
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

describe("no colon, semicolon, ! or ? glued after translated text in code", () => {
  it("catches each way of gluing one (probes)", () => {
    const probe = "src/web/x.tsx";
    expect(gluedSigns(probe, '<dt>{t("item.zakatDue")}:</dt>')).toHaveLength(1);
    expect(gluedSigns(probe, '{t(`usage.${feature}`)}:{" "}')).toHaveLength(1);
    expect(gluedSigns(probe, '{ok ? t("a") : t("b")}: </span>')).toHaveLength(1);
    expect(gluedSigns(probe, "`${mail.action.label}:`")).toHaveLength(1);
    expect(gluedSigns(probe, "<b>{label}:</b>")).toHaveLength(1);
    expect(gluedSigns(probe, '{t("x", { n })}!')).toHaveLength(1);
    // not text: a destructured parameter's type, a URL, a SQL cast, a catalogue text with its sign
    expect(gluedSigns(probe, "function Row({ label }: Props) {")).toEqual([]);
    expect(gluedSigns(probe, "`${name}://host`")).toEqual([]);
    expect(gluedSigns(probe, "sql`${label}::text`")).toEqual([]);
    expect(gluedSigns(probe, '{t("item.zakatDueLabel")}')).toEqual([]);
  });

  it("holds in every source file", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      gluedSigns(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });
});
