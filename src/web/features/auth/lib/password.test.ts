import { describe, expect, it } from "vitest";
import { passwordProblem, passwordProblemWithScore } from "./password";

describe("passwordProblem (server rules: 8 to 128 code points, not blank)", () => {
  it.each([
    ["", "passwordTooShort"],
    ["        ", "passwordBlank"],
    ["1234567", "passwordTooShort"],
    ["😀😀😀😀", "passwordTooShort"],
    ["12345678", null],
    ["x".repeat(128), null],
    ["😀".repeat(128), null],
    ["x".repeat(129), "passwordTooLong"],
  ] as const)("%j → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe("passwordProblemWithScore: zxcvbn scores 0 to 2 are refused", () => {
  it.each([
    ["abcdefgh", 0, "passwordTooWeak"],
    ["Password1!", 1, "passwordTooWeak"],
    ["Summer2024!", 2, "passwordTooWeak"],
    ["xk4Tq9vL#p2m", 3, null],
    ["xk4Tq9vL", null, null],
    ["short", 4, "passwordTooShort"],
  ] as const)("%j (score %s) → %s", (password, score, problem) => {
    expect(passwordProblemWithScore(password, score)).toBe(problem);
  });
});
