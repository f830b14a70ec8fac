// The password rules of Hawl (decision 004), shared by the server (authoritative) and the web
// (immediate feedback). Pure: the strength estimate (zxcvbn, 0–4) is computed by the caller —
// the server at once, the web from a lazily loaded zxcvbn — and passed in.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** zxcvbn looks at this many first UTF-16 units only: its cost grows fast with length. */
export const PASSWORD_SCORED_LENGTH = 64;
/**
 * zxcvbn scores below this (0 "too guessable", 1 "very guessable", 2 "somewhat guessable",
 * about 10^8 guesses) are refused; 3 is "safely unguessable" against an online attack.
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordProblem =
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "PASSWORD_BLANK"
  | "PASSWORD_TOO_COMMON"
  | "PASSWORD_TOO_WEAK";

/** Length in characters as a person counts them: code points, not UTF-16 units. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
}

/** The rules that need no dictionary: length in code points, not blank once trimmed. */
export function passwordShapeProblem(password: string): PasswordProblem | null {
  if (password !== "" && password.trim() === "") return "PASSWORD_BLANK";
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return "PASSWORD_TOO_SHORT";
  if (length > PASSWORD_MAX) return "PASSWORD_TOO_LONG";
  return null;
}

/**
 * Every rule, in the order a person should fix them. `score` is zxcvbn's 0–4 estimate (null
 * when not known yet: the web before zxcvbn has loaded); `common` whether the password is on
 * the common-password list.
 */
export function passwordProblem(
  password: string,
  strength: { score: number | null; common?: boolean },
): PasswordProblem | null {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  if (strength.common) return "PASSWORD_TOO_COMMON";
  if (strength.score !== null && strength.score < PASSWORD_MIN_SCORE) return "PASSWORD_TOO_WEAK";
  return null;
}
