import { describe, expect, it } from "vitest";
import { loadPasswordScorer } from "../../src/web/features/auth/lib/password-strength.ts";
import { guessableWords } from "../../src/domain/password/index.ts";
import { passwordProblem, passwordScore } from "../../src/server/auth/password.ts";

// Issue 28 #10 (decision 047): the product's words, the address and the name count as known to
// a guesser, and a zxcvbn score below 3 is refused with PASSWORD_TOO_WEAK.

const amina = ["amina.khan@mail.example", "Amina Khan"];

const cases: Array<[string, string, string[], string | null]> = [
  ["the product's name and a year", "Hawl2024!", [], "PASSWORD_TOO_WEAK"],
  ["a season and a year", "Summer2024!", [], "PASSWORD_TOO_WEAK"],
  ["a zakat word and a year", "zakat2026", [], "PASSWORD_TOO_WEAK"],
  ["two words of a famous example", "correcthorse", [], "PASSWORD_TOO_WEAK"],
  ["nisab, capitalised, with digits", "Nisab!2025", [], "PASSWORD_TOO_WEAK"],
  ["nissab reversed", "bassin2024!", [], "PASSWORD_TOO_WEAK"],
  ["sadaqah in l33t", "s4d4q4h2026", [], "PASSWORD_TOO_WEAK"],
  ["the name, joined, and a year", "aminakhan1990", amina, "PASSWORD_TOO_WEAK"],
  ["the address and a year", "Amina.Khan88", amina, "PASSWORD_TOO_WEAK"],
  ["a common password", "password123", [], "PASSWORD_TOO_COMMON"],
  ["a long passphrase", "correct horse battery staple 42", amina, null],
  ["a passphrase with the product's name", "hawl is one lunar year of patience 9", [], null],
  ["random characters", "xk4Tq9vL#p2m", amina, null],
];

describe("password strength with the product's and the person's words", () => {
  it.each(cases)("%s: %s", (_label, password, related, problem) => {
    expect(passwordProblem(password, related)).toBe(problem);
  });

  it("splits an address and a name into the words a guesser tries", () => {
    const words = guessableWords(amina);
    expect(words).toEqual(
      expect.arrayContaining(["hawl", "zakat", "nisab", "nissab", "sadaqah", "amina.khan"]),
    );
    expect(words).toEqual(
      expect.arrayContaining(["aminakhan", "amina", "khan", "mail", "example"]),
    );
  });

  it("gives the browser's strength meter the same score as the server", async () => {
    const score = await loadPasswordScorer();
    for (const [, password, related] of cases) {
      expect(score(password, related), password).toBe(passwordScore(password, related));
    }
  });
});
