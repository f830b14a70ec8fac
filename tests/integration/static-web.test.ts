import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizedPath, pages } from "../../src/contracts/web-routes.ts";
import { languages } from "../../src/domain/language.ts";
import { testEngine } from "../helpers/database.ts";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createWebFixture, fixtureInlineScripts } from "../helpers/web-fixture.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe(`static web and security headers on ${testEngine()}`, () => {
  let testApp: TestApp;
  const web = createWebFixture();

  beforeAll(async () => {
    testApp = await createTestApp({ WEB_DIR: web.dir, EMBED_DIR: `${web.dir}/no-embed-build` });
  });
  afterAll(async () => {
    await testApp.close();
    web.remove();
  });

  function expectCommonHeaders(response: Response) {
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  }

  it("serves prerendered pages with no-cache and a CSP allowing exactly their inline scripts", async () => {
    const response = await testApp.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain('data-page="landing"');
    expectCommonHeaders(response);
    const csp = response.headers.get("content-security-policy")!;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha(fixtureInlineScripts.landing)} ${sha(fixtureInlineScripts.module)}`,
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    for (const path of ["/calculator", "/calculator/", "/fr/calculator"]) {
      const page = await testApp.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain(
        path.startsWith("/fr") ? "fr-calculator" : '"calculator"',
      );
    }
  });

  it("answers a matching ETag with 304", async () => {
    const first = await testApp.request("/calculator");
    const etag = first.headers.get("etag")!;
    const again = await testApp.request("/calculator", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expectCommonHeaders(again);
  });

  it("serves the SPA shell: 200 for every page in every language, 404 otherwise", async () => {
    const known = languages.flatMap((lang) =>
      pages.filter((r) => !r.prerender).map((r) => localizedPath(lang, r.path)),
    );
    expect(known).toContain("/fr/verify-email");
    // (the embed page is not one: embed-page.test.ts)
    for (const path of [...known, "/verify-email/"]) {
      const response = await testApp.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('data-page="shell"');
    }
    for (const path of ["/nope", "/fr/nope", "/en/dashboard", "/dashboard/extra", "/de"]) {
      const response = await testApp.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('data-page="shell"');
      expect(response.headers.get("content-security-policy")).toContain(
        sha(fixtureInlineScripts.shell),
      );
    }
  });

  it("serves hashed assets as immutable and other files as no-cache", async () => {
    const asset = await testApp.request("/assets/entry.client-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toContain("entry");
    // a script or a style sheet carries nosniff and none of the document-only headers, which
    // would be ≈ 300 bytes on each of a page's ≈ 90 files (decision 030)
    const css = await testApp.request("/assets/root-abc123.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    for (const subresource of [asset, css]) {
      expect(subresource.headers.get("x-content-type-options")).toBe("nosniff");
      expect(subresource.headers.get("x-request-id")).toBeTruthy();
      for (const documentOnly of [
        "content-security-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "permissions-policy",
        "referrer-policy",
      ])
        expect(subresource.headers.get(documentOnly), documentOnly).toBeNull();
    }
    // any other file keeps them all
    const robots = await testApp.request("/robots.txt");
    expectCommonHeaders(robots);

    // other files revalidate (compression.test.ts: notes.txt); robots.txt is the server's
    // own, from BASE_URL, whatever the build holds (seo.ts)
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain("Sitemap: http://localhost:3000/sitemap.xml");

    const head = await testApp.request("/assets/entry.client-abc123.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers a missing file with a plain 404, never the shell", async () => {
    for (const path of ["/assets/gone-123.js", "/favicon.ico", "/embed-test.html"]) {
      const response = await testApp.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("data-page");
    }
  });

  it("never serves outside the web directory or hidden files", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%2fpackage.json",
      "/.env",
      "/%00",
      "/%E0%A4%A",
    ]) {
      const response = await testApp.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('"name": "hawl"');
    }
  });

  it("uses Referrer-Policy no-referrer on pages and links that carry tokens", async () => {
    for (const path of [
      "/reset-password?token=abc",
      "/fr/reset-password",
      "/nl/verify-email",
      "/verify-email",
      "/accept-invitation?token=abc",
      "/nl/accept-invitation",
      "/api/auth/verify-email?token=abc",
      "/api/auth/reset-password/some-token?callbackURL=%2Freset-password",
    ]) {
      const response = await testApp.request(path);
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      expectCommonHeaders(response);
    }
    expect((await testApp.request("/signin")).headers.get("referrer-policy")).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  it("puts the strict API policy on API answers and errors", async () => {
    for (const [path, status] of [
      ["/api/me", 401],
      ["/api/nope", 404],
      ["/api/openapi.json", 200],
      ["/healthz", 200],
    ] as const) {
      const response = await testApp.request(path);
      expect(response.status, path).toBe(status);
      expectCommonHeaders(response);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
    const refused = await testApp.request("/api/workspaces", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(refused.status).toBe(415);
    expectCommonHeaders(refused);
  });

  it("adds HSTS and upgrade-insecure-requests behind https only", async () => {
    expect((await testApp.request("/")).headers.get("strict-transport-security")).toBeNull();
    const secure = createSiblingApp(testApp, {
      WEB_DIR: web.dir,
      BASE_URL: "https://hawl.example",
    });
    const page = await secure.request("/");
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("says so when the web is not built", async () => {
    const bare = createSiblingApp(testApp, { WEB_DIR: `${web.dir}/missing` });
    const response = await bare.request("/dashboard");
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/npm run build/);
    expect((await bare.request("/no-such-page")).status).toBe(404);
  });
});
