import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 16: no source file over 400 lines (tests aside). A file that grows past it is split by
// what it holds, as landing.tsx, steps.tsx, schema.ts and endpoints.ts were.
const root = path.resolve(import.meta.dirname, "../../src");
const maxLines = 400;

describe("source files", () => {
  it(`stay at ${maxLines} lines or fewer`, () => {
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) =>
        /\.(ts|tsx)$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !file.includes("/test/") &&
        // written by a script and checked by its test (web/lib/*.generated.ts: decision 035)
        !file.endsWith(".generated.ts"),
    );
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({
        file,
        lines: readFileSync(path.join(root, file), "utf8").split("\n").length,
      }))
      .filter(({ lines }) => lines > maxLines + 1) // a final newline makes one more empty line
      .map(({ file, lines }) => `${file}: ${lines - 1} lines`);
    expect(long).toEqual([]);
  });
});
