import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCsp, serviceWorkerCsp } from "../../src/server/http/security-headers.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createWebFixture } from "../helpers/web-fixture.ts";

// How the server answers the files of the offline calculator (decision 007): the generated
// service worker, the web app manifest, and the page policy that lets pages use both.

describe(`service worker and manifest answers on ${testEngine()}`, () => {
  let testApp: TestApp;
  const web = createWebFixture();
  const workerSource = "self.addEventListener('fetch', () => {});\n";

  beforeAll(async () => {
    for (const file of ["sw.js", "sw-fr.js", "sw-nl.js"])
      writeFileSync(path.join(web.dir, file), workerSource);
    writeFileSync(path.join(web.dir, "manifest.webmanifest"), '{"name":"Hawl"}\n');
    testApp = await createTestApp({ WEB_DIR: web.dir });
  });
  afterAll(async () => {
    await testApp.close();
    web.remove();
  });

  it("serves /sw.js as JavaScript, revalidated every time, under the worker policy", async () => {
    const response = await testApp.request("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(workerSource);
    // a worker runs under its own script's policy: the API's 'none' would forbid its fetches
    const csp = response.headers.get("content-security-policy");
    expect(csp).toBe(serviceWorkerCsp);
    expect(csp).not.toBe(apiCsp);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)|\*/);

    const etag = response.headers.get("etag")!;
    const again = await testApp.request("/sw.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBe(serviceWorkerCsp);
    expect(again.headers.get("cache-control")).toBe("no-cache");

    const head = await testApp.request("/sw.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-security-policy")).toBe(serviceWorkerCsp);

    // the other languages' workers (issue 12) are served alike
    for (const file of ["/sw-fr.js", "/sw-nl.js"]) {
      const other = await testApp.request(file);
      expect(other.status, file).toBe(200);
      expect(other.headers.get("cache-control"), file).toBe("no-cache");
      expect(other.headers.get("content-security-policy"), file).toBe(serviceWorkerCsp);
    }
  });

  it("keeps the strict policy on every other file", async () => {
    for (const file of ["/robots.txt", "/manifest.webmanifest"]) {
      const response = await testApp.request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-security-policy"), file).toBe(apiCsp);
    }
    // a hashed script of the build is no document and no worker: nosniff only (decision 030)
    const script = await testApp.request("/assets/entry.client-abc123.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-security-policy")).toBeNull();
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    // only the worker at the root: the same name elsewhere is an ordinary (missing) file
    expect((await testApp.request("/assets/sw.js")).status).toBe(404);
  });

  it("serves the web app manifest with its media type, revalidated", async () => {
    const response = await testApp.request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toEqual({ name: "Hawl" });
  });

  it("lets pages register the worker and link the manifest (worker-src, manifest-src)", async () => {
    for (const pagePath of ["/calculator", "/fr/calculator", "/dashboard"]) {
      const response = await testApp.request(pagePath);
      expect(response.status, pagePath).toBe(200);
      const directives = response.headers.get("content-security-policy")!.split("; ");
      expect(directives, pagePath).toContain("worker-src 'self'");
      expect(directives, pagePath).toContain("manifest-src 'self'");
    }
  });
});
