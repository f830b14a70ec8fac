import { describe, expect, it } from "vitest";
import { parseEmbedPageState, type EmbedPageState } from "../../contracts/embed.ts";
import { allowsFraming } from "./security-headers.ts";
import { withEmbedState } from "./embed-page.ts";

const settings = {
  language: "fr",
  currency: "EUR",
  primaryColor: "#80009e",
  accentColor: "#b68802",
} as const;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("withEmbedState", () => {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    "<meta name='hawl-embed-state' content='{}'></head><body></body></html>";

  it("puts one state meta first in <head>, replacing the build's, and sets <html lang>", () => {
    const state: EmbedPageState = { status: "ok", keyed: false, settings };
    const out = withEmbedState(html, state);
    expect(out).toMatch(
      /^<!doctype html><html lang="fr" dir="ltr"><head><meta name="hawl-embed-state" content="[^"]+"><meta charset="utf-8"><\/head>/,
    );
    expect(out.match(/hawl-embed-state/g)).toHaveLength(1);
    const content = /content="([^"]+)"/.exec(out)![1]!;
    expect(parseEmbedPageState(decode(content))).toEqual(state);
  });

  it("writes an Arabic embed right to left", () => {
    const out = withEmbedState(html.replace("<html", '<html dir="ltr"'), {
      status: "ok",
      keyed: false,
      settings: { ...settings, language: "ar" },
    });
    expect(out).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
  });

  it("escapes the JSON so that no value can leave the attribute", () => {
    const state = {
      status: "restricted",
      reason: "domain_not_allowed",
      domain: `"><script>alert(1)</script>'&`,
      settings,
    } as EmbedPageState;
    const out = withEmbedState(html, state);
    expect(out).not.toContain("<script>");
    const content = /<meta name="hawl-embed-state" content="([^"]*)">/.exec(out)![1]!;
    expect(parseEmbedPageState(decode(content))).toEqual(state);
  });
});

describe("allowsFraming", () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ["default-src 'none'", false],
    ["default-src 'self'; frame-ancestors 'none'", false],
    ["frame-ancestors 'NONE'; default-src 'self'", false],
    ["default-src 'self'; frame-ancestors *", true],
    ["frame-ancestors https://a.org:*", true],
  ])("%j → %s", (csp, expected) => expect(allowsFraming(csp)).toBe(expected));
});
