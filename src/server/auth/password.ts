import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// OWASP's argon2id minimum (m = 19 MiB, t = 2, p = 1); Better Auth's default scrypt is below it.
// `Algorithm.Argon2id` is a const enum, which isolatedModules cannot read: 2 is its value.
const argon2Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** false for a wrong password and for a stored value that is not an argon2 hash */
export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}

// The common-password list of zxcvbn-ts (about 49,000 entries, lower case, most common first):
// refusing all of it covers PRODUCT.md's "not one of the 10,000 most common".
const commonPasswords = new Set(dictionary.passwords.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export type PasswordProblem = "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_TOO_COMMON";

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  PASSWORD_TOO_SHORT: `Password must be at least ${passwordMinLength} characters long.`,
  PASSWORD_TOO_LONG: `Password must be at most ${passwordMaxLength} characters long.`,
  PASSWORD_TOO_COMMON:
    "This password is too common and easy to guess. Please choose a different one.",
};

/** The rule a new password breaks, or null. No composition rules (NIST 800-63B). */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < passwordMinLength) return "PASSWORD_TOO_SHORT";
  if (password.length > passwordMaxLength) return "PASSWORD_TOO_LONG";
  if (isCommonPassword(password)) return "PASSWORD_TOO_COMMON";
  return null;
}
