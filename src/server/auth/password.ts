import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SCORED_LENGTH,
  guessableWords,
  passwordProblem as domainPasswordProblem,
  passwordShapeProblem,
  type PasswordProblem,
} from "../../domain/password/index.ts";

// OWASP's argon2id minimum (m = 19 MiB, t = 2, p = 1); Better Auth's default scrypt is below it.
// `Algorithm.Argon2id` is a const enum, which isolatedModules cannot read: 2 is its value.
// The test suites' cost (PASSWORD_HASH_COST=test, which parseEnv honours under NODE_ENV=test
// only) is the same algorithm with 1 MiB and one pass, far cheaper (decision 036). A hash
// records its parameters: verify reads them from it, whatever the setting.
export type PasswordHashCost = "owasp" | "test";

const argon2Options = {
  owasp: { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: 2 as Algorithm, memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const;

export function hashPassword(password: string, cost: PasswordHashCost = "owasp"): Promise<string> {
  return hash(password, argon2Options[cost]);
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

// zxcvbn with the language-independent dictionaries and keyboard graphs (the web loads the
// same ones lazily for its strength meter, so both give the same score).
zxcvbnOptions.setOptions({
  dictionary,
  graphs: adjacencyGraphs,
  maxLength: PASSWORD_SCORED_LENGTH,
});

/**
 * zxcvbn's 0–4 estimate; the product's words and `related` (the address, the name) with its
 * parts count as known to a guesser (guessable-words.ts, the web's meter passes the same).
 */
export function passwordScore(password: string, related: string[] = []): number {
  return zxcvbn(password, guessableWords(related)).score;
}

export type { PasswordProblem };

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN} characters long.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX} characters long.`,
  PASSWORD_BLANK: "The password cannot be only spaces.",
  PASSWORD_TOO_COMMON:
    "This password is too common and easy to guess. Please choose a different one.",
  PASSWORD_TOO_WEAK: "This password is too easy to guess. Add a few more words or make it longer.",
};

/**
 * The rule a new password breaks, or null (src/domain/password: length in code points, not
 * blank, not common, a zxcvbn score of at least 3). No composition rules (NIST 800-63B).
 */
export function passwordProblem(password: string, related: string[] = []): PasswordProblem | null {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  return domainPasswordProblem(password, {
    common: isCommonPassword(password),
    score: passwordScore(password, related),
  });
}
