import { describe, expect, it } from "vitest";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.ts";

// The unsubscribe link's token (issue 15): signed by the server's secret, naming one person.

const secret = "a-secret-of-at-least-thirty-two-characters";

describe("unsubscribe tokens", () => {
  it("names the person it was made for", () => {
    expect(verifyUnsubscribeToken(secret, unsubscribeToken(secret, "user-1"))).toBe("user-1");
    expect(verifyUnsubscribeToken(secret, unsubscribeToken(secret, "ünïcode-ïd"))).toBe(
      "ünïcode-ïd",
    );
  });

  it.each([
    ["another secret's token", unsubscribeToken("another-secret-another-secret-xxxx", "user-1")],
    [
      "another person's id with this signature",
      (() => {
        const [, signature] = unsubscribeToken(secret, "user-1").split(".");
        return `${Buffer.from("user-2").toString("base64url")}.${signature}`;
      })(),
    ],
    ["a shortened signature", unsubscribeToken(secret, "user-1").slice(0, -1)],
    ["an extra part", `${unsubscribeToken(secret, "user-1")}.x`],
    ["no signature", `${Buffer.from("user-1").toString("base64url")}.`],
    ["padding added to the id", unsubscribeToken(secret, "user-1").replace(".", "=.")],
    ["nothing", ""],
    ["garbage", "not a token at all"],
  ])("refuses %s", (_name, token) => {
    expect(verifyUnsubscribeToken(secret, token)).toBeNull();
  });
});
