// The server's password rules (PRODUCT.md: at least 8, Better Auth's default maximum 128),
// checked before a request is sent so the person gets the message at once.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordProblem = "passwordTooShort" | "passwordTooLong";

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return "passwordTooShort";
  if (password.length > PASSWORD_MAX) return "passwordTooLong";
  return null;
}

/** Reset-password form: the match check comes first (spec §5), then the length rules. */
export function resetPasswordProblem(
  password: string,
  confirm: string,
): "passwordsDoNotMatch" | PasswordProblem | null {
  if (password !== confirm) return "passwordsDoNotMatch";
  return passwordProblem(password);
}
