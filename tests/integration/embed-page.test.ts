import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embedConfigSchema,
  parseEmbedPageState,
  type EmbedConfig,
  type EmbedPageState,
} from "../../src/contracts/embed.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  type TestApp,
} from "../helpers/test-app.ts";
import { createWebFixture } from "../helpers/web-fixture.ts";
import { inlineScripts } from "../../src/server/http/static-web.ts";

// A stand-in for the embed build (build/embed): index.html with an inline script, a module
// script from /embed/assets/, and a placeholder state the server must replace.
const inlineScript = 'window.__hawlEmbed = "fixture";';
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function createEmbedFixture() {
  const dir = mkdtempSync(path.join(tmpdir(), "hawl-embed-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="hawl-embed-state" content="{}">` +
      `<script>${inlineScript}</script>` +
      `<script type="module" crossorigin src="/embed/assets/embed-abc123.js"></script>` +
      `</head><body><div id="embed-root" data-page="embed"></div></body></html>`,
  );
  writeFileSync(path.join(dir, "assets", "embed-abc123.js"), "console.log('embed');\n");
  writeFileSync(path.join(dir, "resize.js"), "/* host */\n");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The state the server put in the page, read as the embed bundle reads it. */
function stateOf(html: string): EmbedPageState | null {
  const metas = [...html.matchAll(/<meta name="hawl-embed-state" content="([^"]*)">/g)];
  expect(metas).toHaveLength(1);
  const content = metas[0]![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return parseEmbedPageState(content);
}

function frameAncestorsOf(response: Response): string {
  const csp = response.headers.get("content-security-policy") ?? "";
  return csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("frame-ancestors "))!;
}

const defaults = { currency: "EUR", primaryColor: "#80009e", accentColor: "#b68802" };

describe(`the embed page (API.md "Embed") on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let config: EmbedConfig;
  const embed = createEmbedFixture();
  const web = createWebFixture();

  beforeAll(async () => {
    testApp = await createTestApp({ WEB_DIR: web.dir, EMBED_DIR: embed.dir }, relaxedAuthLimits);
    owner = await signUpAndSignIn(testApp, uniqueEmail("embed-page"));
    config = await createConfig(owner, {
      name: "Mosque",
      allowedDomains: ["mosque.org", "localhost"],
      config: { language: "nl", currency: "USD", primaryColor: "#123456" },
    });
  });
  afterAll(async () => {
    await testApp.close();
    embed.remove();
    web.remove();
  });

  async function createConfig(user: SignedInUser, body: unknown): Promise<EmbedConfig> {
    const response = await user.json("POST", "/api/embed-configs", body);
    expect(response.status).toBe(201);
    return embedConfigSchema.parse(await response.json());
  }

  /** The embed as a framed page asks for it (Referer and Sec-Fetch-Dest as given). */
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.request(url, { headers });
  const framedFrom = (referer: string) => ({ referer, "sec-fetch-dest": "iframe" });

  async function expectRestricted(
    response: Response,
    reason: string,
    domain: string,
  ): Promise<void> {
    expect(response.status).toBe(200);
    const state = stateOf(await response.text());
    expect(state).toMatchObject({ status: "restricted", reason, domain });
    // the restricted page may be framed anywhere: the framing site's owner sees why
    expect(frameAncestorsOf(response)).toBe("frame-ancestors *");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  }

  it("without key: the public calculator, embeddable anywhere, settings from the URL", async () => {
    const response = await get(
      "/embed/calculator?lang=fr&currency=usd&primaryColor=%23AbCdEf&accentColor=nope",
      { "sec-fetch-dest": "document" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-frame-options")).toBeNull();
    const csp = response.headers.get("content-security-policy")!;
    expect(frameAncestorsOf(response)).toBe("frame-ancestors *");
    expect(csp).toContain(`script-src 'self' ${sha(inlineScript)}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    expect(html).toContain('data-page="embed"');
    expect(html).toContain('<html lang="fr"');
    expect(stateOf(html)).toEqual({
      status: "ok",
      keyed: false,
      settings: {
        language: "fr",
        currency: "USD",
        primaryColor: "#abcdef",
        accentColor: "#b68802",
      },
    });
  });

  it("never takes a pay button from the URL: none without key, the configured one with it (issue 28)", async () => {
    // a top-level public page on Hawl's own domain with someone else's "pay here" button
    const evil = `cta=${encodeURIComponent("https://evil.example/pay?a={amount}")}&org=X%20Mosque`;
    for (const dest of ["document", "iframe"]) {
      const response = await get(`/embed/calculator?lang=en&${evil}`, { "sec-fetch-dest": dest });
      const html = await response.text();
      const state = stateOf(html);
      expect(state, dest).toMatchObject({ status: "ok", keyed: false });
      expect(state, dest).not.toHaveProperty("callToAction");
      expect(html, dest).not.toContain("evil.example");
      expect(html, dest).not.toContain("X Mosque");
    }

    // a key: its own configuration's button, whatever the address says
    const keyed = await createConfig(owner, {
      name: "Mosque with a button",
      allowedDomains: ["mosque.org"],
      callToAction: { urlTemplate: "https://mosque.org/give?a={amount}", organisation: "Al-Noor" },
    });
    const response = await get(
      `/embed/calculator?key=${keyed.embedKey}&lang=en&${evil}`,
      framedFrom("https://mosque.org/zakat"),
    );
    const html = await response.text();
    expect(stateOf(html)).toMatchObject({
      status: "ok",
      keyed: true,
      callToAction: {
        urlTemplate: "https://mosque.org/give?a={amount}",
        organisation: "Al-Noor",
        label: null,
      },
    });
    expect(html).not.toContain("evil.example");
    // a key without a button: none, the address notwithstanding
    const plain = await get(
      `/embed/calculator?key=${config.embedKey}&${evil}`,
      framedFrom("https://mosque.org/zakat"),
    );
    expect(stateOf(await plain.text())).not.toHaveProperty("callToAction");
  });

  it("takes the language of the path prefix, with or without a trailing slash", async () => {
    for (const [url, language] of [
      ["/embed/calculator", "en"],
      ["/embed/calculator/", "en"],
      ["/fr/embed/calculator", "fr"],
      ["/nl/embed/calculator/", "nl"],
      ["/nl/embed/calculator?lang=en", "en"],
      ["/fr/embed/calculator?lang=de", "fr"],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(stateOf(await response.text()), url).toEqual({
        status: "ok",
        keyed: false,
        settings: { language, ...defaults },
      });
    }
  });

  it("with a valid key framed by an allowed site: the calculator, frame-ancestors of the allowed domains", async () => {
    for (const referer of [
      "https://mosque.org/zakat",
      "https://MOSQUE.org:8443/",
      // an http site of an allowed domain (API.md: http and https)
      "http://mosque.org/zakat",
      "http://localhost:5173/test.html",
    ]) {
      const response = await get(`/embed/calculator?key=${config.embedKey}`, framedFrom(referer));
      expect(response.status, referer).toBe(200);
      expect(frameAncestorsOf(response)).toBe(
        "frame-ancestors http://mosque.org:* https://mosque.org:* http://localhost:* https://localhost:*",
      );
      expect(response.headers.get("x-frame-options")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      // the configuration's settings fill what the URL leaves out
      expect(stateOf(await response.text())).toEqual({
        status: "ok",
        keyed: true,
        settings: {
          language: "nl",
          currency: "USD",
          primaryColor: "#123456",
          accentColor: "#b68802",
        },
      });
    }
    const explicit = await get(
      `/fr/embed/calculator?key=${config.embedKey}&currency=EUR&accentColor=%23000`,
      framedFrom("https://mosque.org/"),
    );
    // what the configuration sets, the URL cannot change; it fills only what is left (accent)
    expect(stateOf(await explicit.text())).toMatchObject({
      status: "ok",
      settings: { language: "nl", currency: "USD", primaryColor: "#123456", accentColor: "#000" },
    });
  });

  it("a key that leaves language and currency open takes them from the URL (issue 11, decision 010)", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-open"));
    const open = await createConfig(user, {
      name: "Open",
      allowedDomains: ["mosque.org"],
      config: { primaryColor: "#123456" },
    });
    // stored as left open: nothing said about language and currency
    expect(open.config).toEqual({ primaryColor: "#123456" });
    const listed = await user.json("GET", "/api/embed-configs");
    expect(((await listed.json()) as EmbedConfig[])[0]!.config).toEqual({
      primaryColor: "#123456",
    });
    for (const [url, language, currency] of [
      [`/embed/calculator?key=${open.embedKey}&lang=fr&currency=USD`, "fr", "USD"],
      [`/embed/calculator?key=${open.embedKey}&lang=NL`, "nl", "EUR"],
      [`/fr/embed/calculator?key=${open.embedKey}&currency=usd`, "fr", "USD"],
      [`/embed/calculator?key=${open.embedKey}&lang=de&currency=JPY`, "en", "EUR"],
      [`/embed/calculator?key=${open.embedKey}`, "en", "EUR"],
    ] as const) {
      const response = await get(url, framedFrom("http://mosque.org/zakat"));
      const html = await response.text();
      expect(stateOf(html), url).toEqual({
        status: "ok",
        keyed: true,
        settings: { language, currency, primaryColor: "#123456", accentColor: "#b68802" },
      });
      expect(html, url).toContain(`<html lang="${language}"`);
    }
    // one fixed, one open: the URL fills only the open one
    const half = await createConfig(user, {
      name: "Half",
      allowedDomains: ["mosque.org"],
      config: { language: "nl" },
    });
    const response = await get(
      `/embed/calculator?key=${half.embedKey}&lang=fr&currency=USD`,
      framedFrom("https://mosque.org/"),
    );
    expect(stateOf(await response.text())).toMatchObject({
      settings: { language: "nl", currency: "USD" },
    });
  });

  it("a Referer whose host is not allowed: restricted, domain_not_allowed, with the visitor's domain", async () => {
    for (const [referer, domain] of [
      ["https://evil.example/page", "evil.example"],
      ["https://www.mosque.org/", "www.mosque.org"],
      ["https://mosque.org.evil.example/", "mosque.org.evil.example"],
      ["http://127.0.0.1:5173/", "127.0.0.1"],
    ]) {
      await expectRestricted(
        await get(`/embed/calculator?key=${config.embedKey}`, framedFrom(referer!)),
        "domain_not_allowed",
        domain!,
      );
    }
  });

  it("no Referer: framed (Sec-Fetch-Dest: iframe) lets frame-ancestors decide; otherwise no_referrer", async () => {
    const framed = await get(`/embed/calculator?key=${config.embedKey}`, {
      "sec-fetch-dest": "iframe",
    });
    expect(framed.status).toBe(200);
    expect(stateOf(await framed.text())).toMatchObject({ status: "ok", keyed: true });
    expect(frameAncestorsOf(framed)).toBe(
      "frame-ancestors http://mosque.org:* https://mosque.org:* http://localhost:* https://localhost:*",
    );
    expect(framed.headers.get("x-frame-options")).toBeNull();

    await expectRestricted(
      await get(`/embed/calculator?key=${config.embedKey}`),
      "no_referrer",
      "unknown",
    );
    await expectRestricted(
      await get(`/embed/calculator?key=${config.embedKey}`, { "sec-fetch-dest": "empty" }),
      "no_referrer",
      "unknown",
    );
  });

  it("a direct navigation (Sec-Fetch-Dest: document) is direct_access, even from an allowed site's link", async () => {
    await expectRestricted(
      await get(`/embed/calculator?key=${config.embedKey}`, { "sec-fetch-dest": "document" }),
      "direct_access",
      "direct_access",
    );
    await expectRestricted(
      await get(`/embed/calculator?key=${config.embedKey}`, {
        "sec-fetch-dest": "document",
        referer: "https://mosque.org/",
      }),
      "direct_access",
      "mosque.org",
    );
  });

  it("an unknown, malformed or empty key is invalid_key", async () => {
    for (const key of ["Z".repeat(32), "short", "", `${config.embedKey}x`, "%27%22%3E"]) {
      await expectRestricted(
        await get(`/embed/calculator?key=${key}`, framedFrom("https://mosque.org/")),
        "invalid_key",
        "mosque.org",
      );
    }
  });

  it("a disabled key stops at once and works again when enabled; no domains is restricted", async () => {
    const site = await createConfig(owner, { name: "Toggle", allowedDomains: ["mosque.org"] });
    const url = `/embed/calculator?key=${site.embedKey}`;
    const ok = async () =>
      expect(
        stateOf(await (await get(url, framedFrom("https://mosque.org/"))).text()),
      ).toMatchObject({ status: "ok" });
    await ok();
    const patch = (body: unknown) => owner.json("PATCH", `/api/embed-configs/${site.id}`, body);
    expect((await patch({ isActive: false })).status).toBe(200);
    await expectRestricted(
      await get(url, framedFrom("https://mosque.org/")),
      "invalid_key",
      "mosque.org",
    );
    // framed without Referer: still refused (no frame-ancestors of a disabled key's domains)
    await expectRestricted(
      await get(url, { "sec-fetch-dest": "iframe" }),
      "invalid_key",
      "unknown",
    );
    expect((await patch({ isActive: true })).status).toBe(200);
    await ok();
    expect((await patch({ allowedDomains: [] })).status).toBe(200);
    await expectRestricted(
      await get(url, framedFrom("https://mosque.org/")),
      "no_domains",
      "mosque.org",
    );
    await expectRestricted(await get(url, { "sec-fetch-dest": "iframe" }), "no_domains", "unknown");
  });

  it("a deleted key stops at once", async () => {
    const site = await createConfig(owner, { name: "Deleted", allowedDomains: ["mosque.org"] });
    const url = `/embed/calculator?key=${site.embedKey}`;
    expect(stateOf(await (await get(url, framedFrom("https://mosque.org/"))).text())).toMatchObject(
      {
        status: "ok",
      },
    );
    expect((await owner.json("DELETE", `/api/embed-configs/${site.id}`)).status).toBe(204);
    await expectRestricted(
      await get(url, framedFrom("https://mosque.org/")),
      "invalid_key",
      "mosque.org",
    );
  });

  it("a wildcard entry allows subdomains only, and its CSP source says the same", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-wild"));
    const site = await createConfig(user, { name: "Wild", allowedDomains: ["*.charity.org"] });
    const url = `/embed/calculator?key=${site.embedKey}`;
    const sub = await get(url, framedFrom("https://donate.charity.org/"));
    expect(stateOf(await sub.text())).toMatchObject({ status: "ok" });
    expect(frameAncestorsOf(sub)).toBe(
      "frame-ancestors http://*.charity.org:* https://*.charity.org:*",
    );
    await expectRestricted(
      await get(url, framedFrom("https://charity.org/")),
      "domain_not_allowed",
      "charity.org",
    );
  });

  it("HEAD answers the same headers without a body", async () => {
    const response = await testApp.app.request(`/embed/calculator?key=${config.embedKey}`, {
      method: "HEAD",
      headers: framedFrom("https://mosque.org/"),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    expect(frameAncestorsOf(response)).toContain("https://mosque.org:*");
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("serves the embed's assets as immutable, nothing outside them", async () => {
    const asset = await get("/embed/assets/embed-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toContain("embed");
    expect(asset.headers.get("x-frame-options")).toBe("DENY");
    for (const url of [
      "/embed/assets/missing.js",
      "/embed/assets/",
      "/embed/assets/%2e%2e/index.html",
      "/embed/assets/..%2findex.html",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain("embed-root");
    }
  });

  it("serves the host script at its fixed address, cached for an hour (decision 054)", async () => {
    const script = await get("/embed/resize.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await script.text()).toBe("/* host */\n");
    const head = await testApp.app.request("/embed/resize.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const url of ["/embed/resize.js/", "/fr/embed/resize.js", "/embed/index.html"]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("every other page and answer keeps frame-ancestors 'none' and X-Frame-Options: DENY", async () => {
    for (const url of [
      "/",
      "/calculator",
      "/embed-generator",
      "/fr/embed-manager",
      "/api/embed-configs",
      "/nope",
    ]) {
      const response = await get(url, framedFrom("https://mosque.org/"));
      expect(response.headers.get("x-frame-options"), url).toBe("DENY");
      expect(frameAncestorsOf(response), url).toBe("frame-ancestors 'none'");
    }
  });

  it("/embed-test.html frames the embed under the site's own policy", async () => {
    const file = path.join(process.cwd(), "public", "embed-test.html");
    copyFileSync(file, path.join(web.dir, "embed-test.html"));
    const response = await get("/embed-test.html");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toBe(readFileSync(file, "utf8"));
    expect(html).toContain('<iframe id="embed"');
    expect(html).toContain('"/embed/calculator"');
    const csp = response.headers.get("content-security-policy")!;
    // its one inline script runs by hash; frames from our own origin (default-src 'self')
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    expect(csp).toContain(`script-src 'self' ${sha(scripts[0]!)}`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/frame-src/);
    expect(frameAncestorsOf(response)).toBe("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers 503 when the embed is not built", async () => {
    const bare = createSiblingApp(testApp, { WEB_DIR: web.dir, EMBED_DIR: `${embed.dir}/missing` });
    const response = await bare.request("/embed/calculator");
    expect(response.status).toBe(503);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
