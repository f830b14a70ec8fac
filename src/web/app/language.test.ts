import { afterEach, describe, expect, it, vi } from "vitest";
import {
  LANGUAGE_STORAGE_KEY,
  localizeHref,
  rememberLanguage,
  stripLanguagePrefix,
  switchLanguageHref,
} from "./language";

describe("stripLanguagePrefix", () => {
  it.each([
    ["/", "/"],
    ["/pricing", "/pricing"],
    ["/fr", "/"],
    ["/fr/", "/"],
    ["/nl/pricing", "/pricing"],
    ["/fr/embed/calculator", "/embed/calculator"],
    ["/en/pricing", "/en/pricing"], // English has no prefix: "/en" is an unknown path
    ["/french", "/french"],
  ])("%s -> %s", (input, expected) => {
    expect(stripLanguagePrefix(input)).toBe(expected);
  });
});

describe("localizeHref", () => {
  it.each([
    ["en", "/", "/"],
    ["fr", "/", "/fr"],
    ["nl", "/pricing", "/nl/pricing"],
    ["fr", "/pricing#faq", "/fr/pricing#faq"],
    ["fr", "/calculator?load=42", "/fr/calculator?load=42"],
    ["fr", "/?ref=mail", "/fr?ref=mail"],
    ["nl", "/fr/pricing", "/nl/pricing"],
    ["en", "/nl/donate", "/donate"],
    ["fr", "https://example.org/a", "https://example.org/a"],
    ["fr", "mailto:support@hawl.app", "mailto:support@hawl.app"],
    ["fr", "#faq", "#faq"],
  ] as const)("%s %s -> %s", (lang, href, expected) => {
    expect(localizeHref(lang, href)).toBe(expected);
  });
});

describe("switchLanguageHref", () => {
  it("rewrites the prefix and keeps query and fragment", () => {
    const location = { pathname: "/fr/pricing", search: "?plan=pro", hash: "#faq" };
    expect(switchLanguageHref(location, "nl")).toBe("/nl/pricing?plan=pro#faq");
    expect(switchLanguageHref(location, "en")).toBe("/pricing?plan=pro#faq");
    expect(switchLanguageHref({ pathname: "/", search: "", hash: "" }, "fr")).toBe("/fr");
  });
});

describe("rememberLanguage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stores the choice under the key 'language'", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: { setItem: (k: string, v: string) => store.set(k, v) },
    });
    rememberLanguage("nl");
    expect(LANGUAGE_STORAGE_KEY).toBe("language");
    expect(store.get("language")).toBe("nl");
  });

  it("only logs when storage fails", () => {
    vi.stubGlobal("window", {
      localStorage: {
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
      },
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => rememberLanguage("fr")).not.toThrow();
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
