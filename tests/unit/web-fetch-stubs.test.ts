import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 16: the web's tests meet the API through src/web/test/msw.ts, whose routes check every
// answer against the contract. A test that replaced `fetch` itself would answer unchecked.
const root = path.resolve(import.meta.dirname, "../../src/web");

/** Ways to put a hand-written `fetch` in place of the real one. */
const stubs = [
  /stubGlobal\(\s*["'`]fetch["'`]/,
  /spyOn\(\s*(?:globalThis|window|global|self)\s*,\s*["'`]fetch["'`]/,
  /(?:globalThis|window|global|self)\.fetch\s*=(?!=)/,
  /defineProperty\(\s*(?:globalThis|window|global|self)\s*,\s*["'`]fetch["'`]/,
];

const stubsIn = (text: string) => stubs.filter((stub) => stub.test(text)).map(String);

describe("web tests", () => {
  it("recognise each way of stubbing fetch, and not a call to it", () => {
    expect(stubsIn('vi.stubGlobal("fetch", vi.fn())')).toHaveLength(1);
    expect(stubsIn("vi.spyOn(globalThis, 'fetch')")).toHaveLength(1);
    expect(stubsIn("globalThis.fetch = async () => new Response()")).toHaveLength(1);
    expect(stubsIn('Object.defineProperty(window, "fetch", { value })')).toHaveLength(1);
    expect(stubsIn('await fetch("/api/prices"); globalThis.fetch === f')).toEqual([]);
  });

  it("never stub fetch: they answer through the contract-checked MSW routes", () => {
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(100);
    const stubbing = files
      .map((file) => ({ file, found: stubsIn(readFileSync(path.join(root, file), "utf8")) }))
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${file}: ${found.join(", ")}`);
    expect(stubbing).toEqual([]);
  });
});
