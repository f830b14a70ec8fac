import { describe, expect, it } from "vitest";
import {
  parseEmbedCurrency,
  parseEmbedLanguage,
  parseHexColor,
  resolveEmbedSettings,
} from "./options.ts";

describe("parseHexColor", () => {
  it.each<[unknown, string | null]>([
    ["#80009e", "#80009e"],
    ["#80009E", "#80009e"],
    ["80009e", "#80009e"],
    ["#abc", "#abc"],
    [" #B68802 ", "#b68802"],
    ["#abcd", null],
    ["#12345g", null],
    ["red", null],
    ["rgb(0,0,0)", null],
    ["#80009e;background:url(x)", null],
    ["", null],
    [null, null],
    [123, null],
  ])("%j → %j", (input, expected) => expect(parseHexColor(input)).toBe(expected));
});

describe("language and currency", () => {
  it.each<[unknown, string | null]>([
    ["fr", "fr"],
    ["NL", "nl"],
    ["de", null],
    ["", null],
    [undefined, null],
  ])("language %j → %j", (v, e) => expect(parseEmbedLanguage(v)).toBe(e));
  it.each<[unknown, string | null]>([
    ["USD", "USD"],
    ["eur", "EUR"],
    ["GBP", "GBP"],
    ["mad", "MAD"],
    ["JPY", null],
    ["", null],
    [null, null],
  ])("currency %j → %j", (v, e) => expect(parseEmbedCurrency(v)).toBe(e));
});

describe("resolveEmbedSettings", () => {
  it("falls back to the defaults", () => {
    expect(
      resolveEmbedSettings({ query: { lang: "de", currency: "JPY", primaryColor: "red" } }),
    ).toEqual({
      language: "en",
      currency: "EUR",
      primaryColor: "#80009e",
      accentColor: "#b68802",
    });
  });

  it("a key's configuration comes first; the URL fills what it leaves out", () => {
    const config = {
      language: "nl",
      currency: "USD",
      primaryColor: "#111111",
      accentColor: "#222",
    };
    expect(resolveEmbedSettings({ query: {}, pathLanguage: null, config })).toEqual({
      language: "nl",
      currency: "USD",
      primaryColor: "#111111",
      accentColor: "#222",
    });
    // the URL cannot restyle or relabel a keyed embed
    expect(
      resolveEmbedSettings({
        query: { lang: "en", currency: "EUR", primaryColor: "#333", accentColor: "#444" },
        pathLanguage: "fr",
        config,
      }),
    ).toEqual({ language: "nl", currency: "USD", primaryColor: "#111111", accentColor: "#222" });
    // a configuration that sets only some: query, then the path's language, then defaults
    const partial = { primaryColor: "#111111" };
    expect(resolveEmbedSettings({ query: {}, pathLanguage: "fr", config: partial })).toEqual({
      language: "fr",
      currency: "EUR",
      primaryColor: "#111111",
      accentColor: "#b68802",
    });
    expect(
      resolveEmbedSettings({
        query: { lang: "en", currency: "USD", primaryColor: "#333", accentColor: "nope" },
        pathLanguage: "fr",
        config: partial,
      }),
    ).toEqual({ language: "en", currency: "USD", primaryColor: "#111111", accentColor: "#b68802" });
  });
});
