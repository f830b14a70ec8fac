import { describe, expect, it } from "vitest";
import { forbiddenTextFields, hasForbiddenCharacters, maxJsonDepth } from "./text-guard.ts";

describe("text guard", () => {
  it.each([
    "\u0000",
    "\u0001",
    "\u001f",
    "\u007f",
    "\u0080",
    "\u009f",
    "\ud800",
    "\udfff",
    "a\udc00b",
    "\ufffe",
    "\uffff",
  ])("refuses %j", (ch) => expect(hasForbiddenCharacters(`x${ch}y`)).toBe(true));

  it.each([
    "plain",
    "tab\there",
    "line\nbreak\r\n",
    "عائلة\u200f",
    "\u202eabc",
    "💰👨‍👩‍👧",
    "\u00a0\u00ff",
    "\ufffd",
  ])("accepts %j", (text) => expect(hasForbiddenCharacters(text)).toBe(false));

  it("names every refused value and key by its path", () => {
    const body = JSON.parse(
      '{"name":"ok","bankAccounts":[{"label":"a\\u0000"},{"id":"\\ud800"}],"x\\u0001":1,"__proto__":{}}',
    ) as unknown;
    expect(forbiddenTextFields(body)).toEqual({
      "bankAccounts.0.label": "invalid_characters",
      "bankAccounts.1.id": "invalid_characters",
      "x\ufffd": "invalid_characters",
      __proto__: "unknown_field",
    });
    expect(forbiddenTextFields("\u0000")).toEqual({ body: "invalid_characters" });
  });

  it("refuses a body nested deeper than 64 at once, in linear time", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}1${"]".repeat(100_000)}`) as unknown;
    const started = performance.now();
    const fields = forbiddenTextFields(deep);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(Object.values(fields)).toEqual(["too_deep"]);
    expect(Object.keys(fields)[0]).toBe(Array.from({ length: maxJsonDepth }, () => "0").join("."));
    const fine = JSON.parse(`${"[".repeat(maxJsonDepth)}1${"]".repeat(maxJsonDepth)}`) as unknown;
    expect(forbiddenTextFields(fine)).toEqual({});
  });
});
