import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../contracts/errors";
import { isErrorBody } from "./api-client";

// The hand-written check must agree with the contract's schema on every shape.
const cases: Array<[string, unknown]> = [
  ["a full error", { error: { code: "NOT_FOUND", message: "Not found" } }],
  ["with fields", { error: { code: "VALIDATION_FAILED", message: "x", fields: { a: "b" } } }],
  ["a field that is not text", { error: { code: "X", message: "x", fields: { a: 1 } } }],
  ["fields null", { error: { code: "X", message: "x", fields: null } }],
  ["no message", { error: { code: "X" } }],
  ["a code that is a number", { error: { code: 4, message: "x" } }],
  ["error null", { error: null }],
  ["a flat body", { code: "X", message: "x" }],
  ["null", null],
  ["text", "Bad Gateway"],
  ["an array", [{ error: { code: "X", message: "x" } }]],
];

describe("isErrorBody", () => {
  it.each(cases)("%s: as the contract's schema says", (_, body) => {
    expect(isErrorBody(body)).toBe(errorBodySchema.safeParse(body).success);
  });
});
