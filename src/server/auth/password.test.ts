import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

const argon2Parameters = (hash: string) => {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  expect(match, hash).not.toBeNull();
  return { m: Number(match![1]), t: Number(match![2]), p: Number(match![3]) };
};

describe("hashPassword", () => {
  it("hashes with argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1) by default", async () => {
    const hash = await hashPassword("correct horse battery staple 42");
    expect(argon2Parameters(hash)).toEqual({ m: 19_456, t: 2, p: 1 });
    expect(await hashPassword("correct horse battery staple 42", "owasp")).not.toBe(hash);
    expect(await verifyPassword({ hash, password: "correct horse battery staple 42" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct horse battery staple 43" })).toBe(false);
  });

  it("hashes cheaply at the tests' cost, and the hash still checks the password", async () => {
    const hash = await hashPassword("correct horse battery staple 42", "test");
    const { m, t } = argon2Parameters(hash);
    expect(m).toBeLessThan(19_456);
    expect(t).toBeLessThanOrEqual(2);
    expect(await verifyPassword({ hash, password: "correct horse battery staple 42" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct horse battery staple 43" })).toBe(false);
  });
});
