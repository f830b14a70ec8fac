import { describe, expect, it } from "vitest";
import { passwordLength, passwordProblem, passwordShapeProblem } from "./rules.ts";

describe("password rules", () => {
  it("counts code points, so four emoji are 4 characters, not 8", () => {
    expect("😀😀😀😀".length).toBe(8);
    expect(passwordLength("😀😀😀😀")).toBe(4);
    expect(passwordShapeProblem("😀😀😀😀")).toBe("PASSWORD_TOO_SHORT");
    expect(passwordShapeProblem("😀".repeat(8))).toBeNull();
    expect(passwordShapeProblem("😀".repeat(128))).toBeNull();
    expect(passwordShapeProblem("😀".repeat(129))).toBe("PASSWORD_TOO_LONG");
  });

  it("refuses passwords that are blank once trimmed", () => {
    expect(passwordShapeProblem("        ")).toBe("PASSWORD_BLANK");
    expect(passwordShapeProblem("\t\n  \u00a0    ")).toBe("PASSWORD_BLANK");
    expect(passwordShapeProblem("")).toBe("PASSWORD_TOO_SHORT");
  });

  it("refuses the weakest scores and common passwords, after the shape rules", () => {
    expect(passwordProblem("abcdefgh", { score: 0 })).toBe("PASSWORD_TOO_WEAK");
    expect(passwordProblem("Password1!", { score: 1 })).toBe("PASSWORD_TOO_WEAK");
    expect(passwordProblem("Summer2024!", { score: 2 })).toBe("PASSWORD_TOO_WEAK");
    expect(passwordProblem("xk4Tq9vL#p2m", { score: 3 })).toBeNull();
    expect(passwordProblem("password", { score: 0, common: true })).toBe("PASSWORD_TOO_COMMON");
    expect(passwordProblem("short", { score: 0 })).toBe("PASSWORD_TOO_SHORT");
    expect(passwordProblem("a fine password", { score: null })).toBeNull();
  });
});
