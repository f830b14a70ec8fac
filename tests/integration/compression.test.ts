import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
// @ts-expect-error jsdom ships no types (here only its XML parser is used)
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressBuild } from "../../scripts/compress-build.ts";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import {
  indexedPagePaths,
  siteOriginPlaceholder,
  webLanguages,
} from "../../src/contracts/web-routes.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { signUpAndSignIn, uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";
import { createWebFixture } from "../helpers/web-fixture.ts";

// Issue 12 "Compression and caching" and "Findable" (decision 014): the build's .br/.gz copies
// chosen by Accept-Encoding, pages compressed with their origin and CSP intact, JSON answers
// above 1 KB compressed on the fly, robots.txt and sitemap.xml from BASE_URL.

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const decode = (bytes: Uint8Array, encoding: string | null) =>
  Buffer.from(
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : bytes,
  ).toString("utf8");

// a real-looking script: big enough to be worth compressing, not so repetitive that any encoder
// shrinks it to nothing
const bigScript = Array.from(
  { length: 400 },
  (_, i) => `export function f${i}(a,b){return a*${i}+b-${(i * 7919) % 1000};}\n`,
).join("");
const pageScript = 'window.__reactRouterContext = {"page":"pricing"};';
const structuredData = '{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[]}';
const pricingPage =
  `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>` +
  `<link rel="canonical" href="${siteOriginPlaceholder}/fr/pricing"/>` +
  `<meta property="og:url" content="${siteOriginPlaceholder}/fr/pricing"/>` +
  `<meta name="hawl-site-url" content="${siteOriginPlaceholder}"/></head>` +
  `<body><main data-page="pricing">${"<p>Tarifs et questions fréquentes</p>".repeat(80)}</main>` +
  `<script type="application/ld+json">${structuredData}</script>` +
  `<script>${pageScript}</script></body></html>`;

// the SPA shell as React Router prerenders it: at "/", with the landing page's head
const shellPage =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<meta name="robots" content="index, follow"/>` +
  `<meta property="og:url" content="${siteOriginPlaceholder}/"/>` +
  `<meta property="og:image" content="${siteOriginPlaceholder}/og/en/landing.png"/>` +
  `<meta name="twitter:image" content="${siteOriginPlaceholder}/og/en/landing.png"/>` +
  `<meta name="description" content="Hawl calculates"/><title>Hawl</title>` +
  `<link rel="canonical" href="${siteOriginPlaceholder}/"/>` +
  `<link rel="alternate" hrefLang="fr" href="${siteOriginPlaceholder}/fr"/>` +
  `<link rel="alternate" hrefLang="x-default" href="${siteOriginPlaceholder}/"/>` +
  `<link rel="manifest" href="/manifest.webmanifest"/></head>` +
  `<body><script>${pageScript}</script></body></html>`;

describe(`compression, caching and search engines on ${testEngine()}`, () => {
  let testApp: TestApp;
  const web = createWebFixture();
  const embedDir = mkdtempSync(path.join(tmpdir(), "hawl-embed-"));

  beforeAll(async () => {
    writeFileSync(path.join(web.dir, "assets/big-abc123.js"), bigScript);
    writeFileSync(path.join(web.dir, "notes.txt"), bigScript);
    mkdirSync(path.join(web.dir, "fr/pricing"), { recursive: true });
    writeFileSync(path.join(web.dir, "fr/pricing/index.html"), pricingPage);
    writeFileSync(path.join(web.dir, "__spa-fallback.html"), shellPage);
    mkdirSync(path.join(embedDir, "assets"));
    writeFileSync(path.join(embedDir, "assets/embed-abc123.js"), bigScript);
    writeFileSync(path.join(embedDir, "index.html"), "<!doctype html><html><head></head></html>");
    // the build's last step, on the fixtures
    await compressBuild([web.dir, embedDir]);
    testApp = await createTestApp({ WEB_DIR: web.dir, EMBED_DIR: embedDir }, relaxedAuthLimits);
  });
  afterAll(async () => {
    await testApp.close();
    web.remove();
    rmSync(embedDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, init: RequestInit = {}) =>
    testApp.request(url, {
      ...init,
      headers: {
        ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  it("the build writes .br and .gz copies of text files, only when smaller", () => {
    const file = path.join(web.dir, "assets/big-abc123.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(bigScript);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(bigScript);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    expect(existsSync(path.join(web.dir, "fr/pricing/index.html.br"))).toBe(true);
    // 15 bytes of CSS: neither copy would be smaller
    expect(existsSync(path.join(web.dir, "assets/root-abc123.css.br"))).toBe(false);
    expect(existsSync(path.join(web.dir, "assets/root-abc123.css.gz"))).toBe(false);
    expect(existsSync(path.join(embedDir, "assets/embed-abc123.js.br"))).toBe(true);
  });

  it("picks br, then gzip, by Accept-Encoding and its q-values; identity otherwise", async () => {
    const cases: Array<[string | undefined, string | null]> = [
      ["gzip, deflate, br, zstd", "br"],
      ["br", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip;q=0.8", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["BR;Q=1.0, GZIP;q=0.9", "br"],
      ["*;q=0.3", "br"],
      ["*, br;q=0", "gzip"],
      ["x-gzip", "gzip"],
      ["deflate, identity", null],
      ["gzip;q=0, br;q=0", null],
      ["", null],
      [undefined, null],
    ];
    const identity = await get("/assets/big-abc123.js");
    const identityEtag = identity.headers.get("etag");
    for (const [accept, expected] of cases) {
      const response = await get("/assets/big-abc123.js", accept);
      const label = `Accept-Encoding: ${accept}`;
      expect(response.status, label).toBe(200);
      expect(response.headers.get("content-encoding"), label).toBe(expected);
      expect(response.headers.get("vary"), label).toBe("Accept-Encoding");
      expect(response.headers.get("content-type"), label).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control"), label).toBe(
        "public, max-age=31536000, immutable",
      );
      const body = await bytesOf(response);
      expect(Number(response.headers.get("content-length")), label).toBe(body.byteLength);
      expect(decode(body, expected), label).toBe(bigScript);
      if (expected) {
        expect(body.byteLength, label).toBeLessThan(bigScript.length);
        // one validator per representation
        expect(response.headers.get("etag"), label).not.toBe(identityEtag);
      }
    }
  });

  it("answers HEAD with the GET's headers and no body", async () => {
    const get_ = await get("/assets/big-abc123.js", "br");
    const head = await get("/assets/big-abc123.js", "br", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-encoding", "content-length", "etag", "vary", "cache-control"]) {
      expect(head.headers.get(name), name).toBe(get_.headers.get(name));
    }
    expect(Number(head.headers.get("content-length"))).toBe(
      readFileSync(path.join(web.dir, "assets/big-abc123.js.br")).length,
    );
  });

  it("answers If-None-Match with 304 for the representation asked for", async () => {
    const br = await get("/assets/big-abc123.js", "br");
    const etag = br.headers.get("etag")!;
    expect(
      (await get("/assets/big-abc123.js", "br", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    // the brotli validator does not match the gzip representation
    expect(
      (await get("/assets/big-abc123.js", "gzip", { headers: { "if-none-match": etag } })).status,
    ).toBe(200);
  });

  it("keeps files that are not hashed assets revalidating, compressed as well", async () => {
    const notes = await get("/notes.txt", "gzip, br");
    expect(notes.headers.get("content-encoding")).toBe("br");
    expect(notes.headers.get("cache-control")).toBe("no-cache");
    expect(decode(await bytesOf(notes), "br")).toBe(bigScript);
    // a file too small to gain: as is, but Vary all the same
    const css = await get("/assets/root-abc123.css", "br, gzip");
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(css.headers.get("vary")).toBe("Accept-Encoding");
    expect(await css.text()).toBe("body{margin:0}\n");
  });

  it("serves the embed's assets compressed and immutable", async () => {
    const response = await get("/embed/assets/embed-abc123.js", "gzip, br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await bytesOf(response);
    expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
    expect(decode(body, "br")).toBe(bigScript);
    expect((await get("/embed/assets/embed-abc123.js")).headers.get("content-encoding")).toBeNull();
  });

  it("sends pages compressed, with BASE_URL in place of the build's origin and a CSP of the exact page", async () => {
    const expectedHtml = pricingPage.replaceAll(siteOriginPlaceholder, testBaseUrl);
    for (const encoding of ["br", "gzip", null] as const) {
      const response = await get("/fr/pricing", encoding ?? "identity");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const body = await bytesOf(response);
      expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
      const html = decode(body, encoding);
      expect(html).toBe(expectedHtml);
      expect(html).toContain(`<link rel="canonical" href="${testBaseUrl}/fr/pricing"/>`);
      expect(html).not.toContain("invalid");
      const scriptSrc = response.headers
        .get("content-security-policy")!
        .split("; ")
        .find((d) => d.startsWith("script-src "));
      // the inline script by hash; the JSON-LD data block is never run and needs none
      expect(scriptSrc).toBe(`script-src 'self' ${sha(pageScript)}`);
    }
    const head = await get("/fr/pricing", "br", { method: "HEAD" });
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    expect((await get("/fr/pricing", "br", { headers: { "if-none-match": etag } })).status).toBe(
      304,
    );

    // another BASE_URL, another origin in the same build's page
    const other = createSiblingApp(testApp, {
      WEB_DIR: web.dir,
      EMBED_DIR: embedDir,
      BASE_URL: "https://zakat.example/",
    });
    const page = await other.request("/fr/pricing");
    expect(await page.text()).toContain('href="https://zakat.example/fr/pricing"');
  });

  it("serves the SPA shell without the landing page's canonical, alternates and index", async () => {
    for (const url of ["/dashboard", "/fr/reset-password", "/nope"]) {
      const response = await get(url, "br");
      const html = decode(await bytesOf(response), response.headers.get("content-encoding"));
      expect(html, url).toBe(
        `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
          `<meta name="robots" content="noindex, follow"/><title>Hawl</title>` +
          `<link rel="manifest" href="/manifest.webmanifest"/></head>` +
          `<body><script>${pageScript}</script></body></html>`,
      );
    }
  });

  it("compresses JSON answers above 1 KB, decodably, and leaves small ones alone", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("compress"));
    const [workspace] = workspaceListSchema.parse(
      await (await user.request("/api/workspaces")).json(),
    );
    const list = `/api/workspaces/${workspace!.id}/calculations`;
    for (const name of ["Ramadan 1444", "Ramadan 1445", "Ramadan 1446", "Ramadan 1447"]) {
      const created = await user.json("POST", list, {
        ...calculateRequestExample,
        name,
        isCompleted: true,
        calculationDate: "2026-03-01",
      });
      expect(created.status).toBe(201);
    }
    const plain = await user.request(list);
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(1024);
    expect(plain.headers.get("content-encoding")).toBeNull();

    for (const encoding of ["br", "gzip"] as const) {
      const response = await user.request(list, {
        headers: { "accept-encoding": encoding === "br" ? "gzip, deflate, br" : "gzip" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await bytesOf(response);
      expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plainText.length);
      expect(JSON.parse(decode(body, encoding))).toEqual(JSON.parse(plainText));
    }

    // a small answer (the workspace list, an error) goes as is, Vary all the same
    for (const url of [`/api/workspaces`, "/api/nope"]) {
      const small = await user.request(url, { headers: { "accept-encoding": "br, gzip" } });
      expect(small.headers.get("content-encoding"), url).toBeNull();
      expect(small.headers.get("vary"), url).toMatch(/accept-encoding/i);
      expect((await small.text()).length, url).toBeLessThanOrEqual(1024);
    }

    // a request another site made the browser send is never compressed (BREACH)
    for (const site of ["cross-site", "same-site"]) {
      const response = await user.request(list, {
        headers: { "accept-encoding": "br, gzip", "sec-fetch-site": site },
      });
      expect(response.headers.get("content-encoding"), site).toBeNull();
      expect(await response.text(), site).toBe(plainText);
    }
    const sameOrigin = await user.request(list, {
      headers: { "accept-encoding": "br", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.headers.get("content-encoding")).toBe("br");

    // a public JSON document: same rules
    const openApi = await get("/api/openapi.json", "gzip");
    expect(openApi.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(decode(await bytesOf(openApi), "gzip")).openapi).toBeTruthy();
  });

  it("serves robots.txt and a valid sitemap.xml with hreflang alternates from BASE_URL", async () => {
    const other = createSiblingApp(testApp, {
      WEB_DIR: web.dir,
      EMBED_DIR: embedDir,
      BASE_URL: "https://zakat.example",
    });
    const robots = await other.request("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Sitemap: https://zakat.example/sitemap.xml");
    expect(robotsText).toMatch(/^Disallow: \/api\/$/m);
    // private pages say noindex themselves: crawlers must be allowed to read them
    expect(robotsText).not.toMatch(/Disallow: \/dashboard/);

    const sitemap = await other.request("/sitemap.xml", { headers: { "accept-encoding": "br" } });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(sitemap.headers.get("content-encoding")).toBe("br");
    const xml = decode(await bytesOf(sitemap), "br");
    const document = (new JSDOM(xml, { contentType: "application/xml" }) as { window: Window })
      .window.document;
    expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
    const sitemapNs = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const xhtmlNs = "http://www.w3.org/1999/xhtml";
    expect(document.documentElement.namespaceURI).toBe(sitemapNs);
    const urls = [...document.getElementsByTagNameNS(sitemapNs, "url")];
    expect(urls).toHaveLength(indexedPagePaths.length * webLanguages.length);
    const locs = urls.map((u) => u.getElementsByTagNameNS(sitemapNs, "loc")[0]!.textContent);
    expect(locs).toContain("https://zakat.example/");
    expect(locs).toContain("https://zakat.example/fr/pricing");
    expect(locs).toContain("https://zakat.example/nl/calculator");
    expect(locs.filter((l) => /dashboard|profile|reset-password|verify-email/.test(l!))).toEqual(
      [],
    );
    const pricing = urls.find(
      (u) =>
        u.getElementsByTagNameNS(sitemapNs, "loc")[0]!.textContent ===
        "https://zakat.example/nl/pricing",
    )!;
    const alternates = [...pricing.getElementsByTagNameNS(xhtmlNs, "link")].map((l) => [
      l.getAttribute("rel"),
      l.getAttribute("hreflang"),
      l.getAttribute("href"),
    ]);
    expect(alternates).toEqual([
      ["alternate", "en", "https://zakat.example/pricing"],
      ["alternate", "fr", "https://zakat.example/fr/pricing"],
      ["alternate", "nl", "https://zakat.example/nl/pricing"],
      ["alternate", "ar", "https://zakat.example/ar/pricing"],
      ["alternate", "tr", "https://zakat.example/tr/pricing"],
      ["alternate", "x-default", "https://zakat.example/pricing"],
    ]);

    // the test app's own BASE_URL
    expect(await (await testApp.request("/robots.txt")).text()).toContain(
      `Sitemap: ${testBaseUrl}/sitemap.xml`,
    );
    const head = await testApp.request("/sitemap.xml", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});
