// The server's password rules (src/domain/password, decision 004), checked before a request
// is sent so the person gets the message at once. The server stays authoritative.
import { z } from "zod";
import { passwordSchema } from "#contracts/auth.ts";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblem as rulesProblem,
  passwordShapeProblem,
  type PasswordProblem as RuleProblem,
} from "#domain/password/rules.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

export type PasswordProblem =
  "passwordTooShort" | "passwordTooLong" | "passwordBlank" | "passwordTooWeak";

const messageKey: Record<RuleProblem, PasswordProblem> = {
  PASSWORD_TOO_SHORT: "passwordTooShort",
  PASSWORD_TOO_LONG: "passwordTooLong",
  PASSWORD_BLANK: "passwordBlank",
  // the web does not hold the common list: zxcvbn scores those 0 anyway
  PASSWORD_TOO_COMMON: "passwordTooWeak",
  PASSWORD_TOO_WEAK: "passwordTooWeak",
};

/** The rules that need no dictionary (length in code points, not blank): synchronous. */
export function passwordProblem(password: string): PasswordProblem | null {
  const problem = passwordShapeProblem(password);
  return problem ? messageKey[problem] : null;
}

/** Every rule, with zxcvbn's score (null: not known, only the shape rules apply). */
export function passwordProblemWithScore(
  password: string,
  score: number | null,
): PasswordProblem | null {
  const problem = rulesProblem(password, { score });
  return problem ? messageKey[problem] : null;
}

/**
 * The contract's password rule (contracts/auth.ts `passwordSchema`) with the server's "not only
 * spaces", for the forms that choose a password (decision 067); nothing typed is "required".
 * zxcvbn's score stays a check on submit, as it loads a dictionary.
 */
export const newPasswordSchema = z
  .string()
  .min(1, "required")
  .pipe(
    passwordSchema.superRefine((password, ctx) => {
      if (password.trim() === "") ctx.addIssue({ code: "custom", message: "blank" });
    }),
  );
