import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta";
import { SITE_URL } from "./site";

const content = (tags: MetaDescriptor[], key: "name" | "property", value: string) =>
  tags
    .filter((t) => (t as Record<string, string>)[key] === value)
    .map((t) => (t as { content: string }).content);
const links = (tags: MetaDescriptor[], rel: string) =>
  tags
    .filter(
      (t) => (t as Record<string, string>).tagName === "link" && (t as { rel: string }).rel === rel,
    )
    .map((t) => t as { href: string; hrefLang?: string });

describe("pageMeta", () => {
  it("gives a French page its translated title, locale, canonical and alternates", () => {
    const tags = pageMeta("/fr/pricing");
    expect(tags).toContainEqual({ title: "Tarifs · Hawl" });
    expect(content(tags, "property", "og:locale")).toEqual(["fr_FR"]);
    expect(content(tags, "property", "og:locale:alternate").sort()).toEqual([
      "ar_AR",
      "en_US",
      "nl_NL",
      "tr_TR",
    ]);
    expect(content(tags, "name", "robots")).toEqual(["index, follow"]);
    expect(content(tags, "name", "description")[0]).toMatch(/gratuit/);
    expect(content(tags, "name", "keywords")[0]).toMatch(/zakat/);
    expect(links(tags, "canonical").map((l) => l.href)).toEqual([`${SITE_URL}/fr/pricing`]);
    expect(links(tags, "alternate").map((l) => [l.hrefLang, l.href])).toEqual([
      ["en", `${SITE_URL}/pricing`],
      ["fr", `${SITE_URL}/fr/pricing`],
      ["nl", `${SITE_URL}/nl/pricing`],
      ["ar", `${SITE_URL}/ar/pricing`],
      ["tr", `${SITE_URL}/tr/pricing`],
      ["x-default", `${SITE_URL}/pricing`],
    ]);
    expect(content(tags, "property", "og:image")).toEqual([`${SITE_URL}/og/fr/pricing.png`]);
    expect(content(tags, "name", "twitter:image")).toEqual([`${SITE_URL}/og/fr/pricing.png`]);
    expect(content(tags, "property", "og:url")).toEqual([`${SITE_URL}/fr/pricing`]);
    expect(content(tags, "property", "og:image:width")).toEqual(["1200"]);
    expect(content(tags, "property", "og:image:height")).toEqual(["630"]);
    expect(content(tags, "name", "twitter:card")).toEqual(["summary_large_image"]);
  });

  it("uses the landing page's title for / in every language", () => {
    expect(pageMeta("/")).toContainEqual({ title: "Hawl · Zakat calculator and hawl tracker" });
    expect(links(pageMeta("/nl"), "canonical")[0]?.href).toBe(`${SITE_URL}/nl`);
    expect(content(pageMeta("/nl/"), "property", "og:locale")).toEqual(["nl_NL"]);
  });

  it("keeps private pages and account steps out of search engines", () => {
    for (const path of ["/dashboard", "/fr/forgot-password", "/reset-password-confirmation"]) {
      expect(content(pageMeta(path), "name", "robots"), path).toEqual(["noindex, follow"]);
    }
    // their social image is the landing page's
    expect(content(pageMeta("/nl/dashboard"), "property", "og:image")).toEqual([
      `${SITE_URL}/og/nl/landing.png`,
    ]);
  });

  it("marks unknown paths as not found, without canonical", () => {
    const tags = pageMeta("/nl/does-not-exist");
    expect(tags).toContainEqual({ title: "Pagina niet gevonden · Hawl" });
    expect(content(tags, "name", "robots")).toEqual(["noindex, follow"]);
    expect(links(tags, "canonical")).toEqual([]);
  });

  it("accepts overrides", () => {
    expect(pageMeta("/pricing", { title: "Plans" })).toContainEqual({ title: "Plans · Hawl" });
  });
});
