import { describe, expect, it } from "vitest";
import { renderSocialImage, socialPages } from "../../scripts/build-social-images.ts";
import { indexedPagePaths, pages } from "../../src/contracts/web-routes.ts";
import { negotiateEncoding, varyOnEncoding } from "../../src/server/http/encoding.ts";
import { pageUrl, robotsTxt, sitemapXml } from "../../src/server/http/seo.ts";
import { inlineScripts } from "../../src/server/http/static-web.ts";
import { jsonForScript } from "../../src/web/components/structured-data.tsx";
import { languages } from "../../src/web/app/route-table.ts";

// Issue 12: what search engines are given (robots.txt, sitemap.xml, social images, structured
// data) and how an encoding is chosen.

describe("indexed pages", () => {
  it("are prerendered pages that need no session and carry no token", () => {
    for (const pagePath of indexedPagePaths) {
      const route = pages.find((r) => r.path === pagePath);
      expect(route, pagePath).toBeDefined();
      expect(route!.prerender, pagePath).toBe(true);
      expect(route!.access, pagePath).not.toBe("protected");
    }
    expect(indexedPagePaths).not.toContain("dashboard");
    expect(indexedPagePaths).not.toContain("reset-password");
  });
});

describe("protected pages", () => {
  it("are prerendered as their frame, so their HTML lists their own modules (issue 12)", () => {
    const protectedRoutes = pages.filter((r) => r.access === "protected");
    expect(protectedRoutes.map((r) => r.name)).toContain("dashboard");
    for (const route of protectedRoutes) expect(route.prerender, route.name).toBe(true);
  });
});

describe("robots.txt and sitemap.xml", () => {
  const base = "https://zakat.example/";

  it("builds page URLs from BASE_URL, without a prefix for English", () => {
    expect(pageUrl(base, "en", "")).toBe("https://zakat.example/");
    expect(pageUrl(base, "fr", "")).toBe("https://zakat.example/fr");
    expect(pageUrl(base, "nl", "pricing")).toBe("https://zakat.example/nl/pricing");
  });

  it("points robots.txt at the sitemap and keeps crawlers out of /api only", () => {
    const robots = robotsTxt(base);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/zakat\.example\/sitemap\.xml$/m);
    expect(robots.match(/^Disallow: .*$/gm)).toEqual(["Disallow: /api/", "Disallow: /dev/"]);
  });

  it("lists every indexed page in every language with hreflang alternates and x-default", () => {
    const xml = sitemapXml(base);
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(indexedPagePaths.length * languages.length);
    const calculatorFr = urls.find((u) =>
      u.includes("<loc>https://zakat.example/fr/calculator</loc>"),
    )!;
    expect(calculatorFr.match(/<xhtml:link [^>]*\/>/g)).toEqual([
      '<xhtml:link rel="alternate" hreflang="en" href="https://zakat.example/calculator"/>',
      '<xhtml:link rel="alternate" hreflang="fr" href="https://zakat.example/fr/calculator"/>',
      '<xhtml:link rel="alternate" hreflang="nl" href="https://zakat.example/nl/calculator"/>',
      '<xhtml:link rel="alternate" hreflang="ar" href="https://zakat.example/ar/calculator"/>',
      '<xhtml:link rel="alternate" hreflang="tr" href="https://zakat.example/tr/calculator"/>',
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://zakat.example/calculator"/>',
    ]);
    expect(xml).not.toContain("dashboard");
    expect(sitemapXml("https://a.example/?x=1&y=<2>")).toContain(
      "<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/pricing</loc>",
    );
  });
});

describe("negotiateEncoding", () => {
  it("prefers br, then gzip, honours q-values and refusals", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip;q=1, br;q=0.9")).toBe("gzip");
    expect(negotiateEncoding("br;q=0")).toBeNull();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0.5, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=abc")).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
  });

  it("adds Accept-Encoding to Vary once", () => {
    expect(varyOnEncoding(null)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Origin")).toBe("Origin, Accept-Encoding");
    expect(varyOnEncoding("accept-encoding")).toBe("accept-encoding");
    expect(varyOnEncoding("*")).toBe("*");
  });
});

describe("structured data", () => {
  it("stays inside its script element and out of the CSP hashes", () => {
    const json = jsonForScript({ text: "</script><script>alert(1)</script> & <!--" });
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script> & <!--" });
    const html =
      `<script type="application/ld+json">${json}</script><script>run()</script>` +
      `<script type="module">go()</script><script type='text/javascript'>js()</script>`;
    expect(inlineScripts(html)).toEqual(["run()", "go()", "js()"]);
  });
});

describe("social images", () => {
  it("one per indexed page", () => {
    expect(socialPages.map((r) => r.path).sort()).toEqual([...indexedPagePaths].sort());
  });

  it("are 1200×630 PNGs drawn from the page's texts", async () => {
    const png = await renderSocialImage({
      siteName: "Hawl",
      title: "Calculateur de zakat",
      description: "Un calculateur de zakat guidé.",
    });
    const view = Buffer.from(png);
    expect(view.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(view.readUInt32BE(16)).toBe(1200);
    expect(view.readUInt32BE(20)).toBe(630);
    const other = await renderSocialImage({
      siteName: "Hawl",
      title: "Tarifs",
      description: "Un calculateur de zakat guidé.",
    });
    expect(Buffer.compare(view, Buffer.from(other))).not.toBe(0);
  });
});
