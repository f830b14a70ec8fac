import { describe, expect, it } from "vitest";
import { passwordProblem, resetPasswordProblem } from "./password";

describe("passwordProblem (server rules: 8 to 128 characters)", () => {
  it.each([
    ["", "passwordTooShort"],
    ["1234567", "passwordTooShort"],
    ["12345678", null],
    ["x".repeat(128), null],
    ["x".repeat(129), "passwordTooLong"],
  ] as const)("%j → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe("resetPasswordProblem: match first, then length (spec §5)", () => {
  it.each([
    ["short", "other", "passwordsDoNotMatch"],
    ["short", "short", "passwordTooShort"],
    ["long enough", "long enough", null],
    ["long enough", "long enougH", "passwordsDoNotMatch"],
  ] as const)("%j / %j → %s", (password, confirm, problem) => {
    expect(resetPasswordProblem(password, confirm)).toBe(problem);
  });
});
