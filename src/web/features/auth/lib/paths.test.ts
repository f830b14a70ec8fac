import { describe, expect, it } from "vitest";
import { accessOf, safeDestination } from "./paths";

describe("accessOf", () => {
  it.each([
    ["/", "public"],
    ["/fr", "public"],
    ["/dashboard", "protected"],
    ["/fr/dashboard", "protected"],
    ["/nl/profile/", "protected"],
    ["/signin", "guest-only"],
    ["/nl/signup", "guest-only"],
    ["/verify-email", "public"],
    // the embed page has its own build, outside the page list
    ["/fr/embed/calculator", "public"],
    ["/nope", "public"],
    ["/french/dashboard", "public"],
  ] as const)("%s → %s", (path, access) => {
    expect(accessOf(path)).toBe(access);
  });
});

describe("safeDestination", () => {
  it.each([
    ["/profile?tab=1", "en", "/profile?tab=1"],
    ["/profile?tab=1", "fr", "/fr/profile?tab=1"],
    ["/fr/calendar#today", "nl", "/nl/calendar#today"],
    ["/nl/dashboard", "en", "/dashboard"],
    ["/accept-invitation?token=abc", "fr", "/fr/accept-invitation?token=abc"],
    ["/", "nl", "/nl"],
    ["//evil.example/path", "en", null],
    ["https://evil.example/", "en", null],
    ["/\\evil.example", "en", null],
    ["", "en", null],
    [null, "en", null],
  ] as const)("%s in %s → %s", (stored, lang, expected) => {
    expect(safeDestination(stored, lang)).toBe(expected);
  });
});
