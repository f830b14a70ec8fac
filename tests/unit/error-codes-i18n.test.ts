import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../../src/contracts/errors.ts";

// The web shows every API error code as translated text (errors:<CODE>); a code added to the
// contract without its text would reach people as a raw English server message.
describe("every API error code has a translated message", () => {
  it.each(["en", "fr", "nl"])("%s", (lang) => {
    const file = path.resolve(import.meta.dirname, `../../locales/${lang}/errors.json`);
    const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const missing = errorCodes.filter((code) => typeof catalog[code] !== "string");
    expect(missing).toEqual([]);
  });
});
