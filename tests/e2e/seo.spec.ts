import { expect, test, type Response } from "@playwright/test";
import { indexedPagePaths, pages } from "../../src/contracts/web-routes.ts";
import { languages, localizedPath } from "../../src/web/app/route-table.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 12 in Chromium against the production build: every public page in every language
// answers compressed (br: Chromium accepts it), as are its scripts and styles; it has its own
// title, a canonical link and hreflang alternates on BASE_URL (the server's, not the build's),
// its social image, and logs no console error (a CSP violation would be one). Switching the
// language keeps the page.

const publicRoutes = pages.filter((r) => r.access !== "protected");
const indexed = new Set<string>(indexedPagePaths);

for (const lang of languages) {
  test(`public pages in ${lang}: compressed, own title, canonical, alternates, social image`, async ({
    page,
    request,
  }) => {
    test.setTimeout(publicRoutes.length * 15_000);
    const titles = new Map<string, string>();
    for (const route of publicRoutes) {
      const path = localizedPath(lang, route.path);
      await test.step(path, async () => {
        const health = watchPageHealth(page);
        const assets: Array<{ url: string; encoding: string | undefined; size: number }> = [];
        const onResponse = (response: Response) => {
          const url = new URL(response.url());
          if (url.origin === baseURL && /^\/assets\/.*\.(?:js|css)$/.test(url.pathname)) {
            const headers = response.headers();
            assets.push({
              url: url.pathname,
              encoding: headers["content-encoding"],
              size: Number(headers["content-length"]),
            });
          }
        };
        page.on("response", onResponse);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const headers = response!.headers();
        expect(headers["content-encoding"], `${path} is sent with brotli`).toBe("br");
        expect(headers["vary"]).toMatch(/accept-encoding/i);
        // one style sheet, the first thing the head asks for: listed after the dozens of
        // modulepreloads, it waited for them on HTTP/1.1's six connections before the first paint
        const html = await response!.text();
        expect(html.match(/rel="stylesheet"/g), `${path}: style sheets`).toHaveLength(1);
        const preload = html.indexOf('rel="modulepreload"');
        if (preload >= 0)
          expect(html.indexOf('rel="stylesheet"'), `${path}: style sheet first`).toBeLessThan(
            preload,
          );
        // and a prerendered page paints before its scripts start: its modulepreloads and its
        // boot script wait in an inert template until the first frame (scripts/scripts-after-
        // content.ts; started at once, they shared a slow line with the sheet). The SPA shell (a
        // page that is not prerendered) has nothing to paint before them, and a static page
        // (decision 025) only its islands' small script.
        const staticPage = html.includes('<script type="module" src="/assets/islands-');
        if (route.prerender && !staticPage) {
          const outside = html.replace(/<template id="hawl-scripts">[\s\S]*?<\/template>/, "");
          expect(html, `${path}: scripts held until the first paint`).toContain(
            '<template id="hawl-scripts">',
          );
          expect(outside, `${path}: no script asked for before the first paint`).not.toMatch(
            /rel="modulepreload"|<script type="module" async="">/,
          );
        }
        await page.waitForLoadState("networkidle");
        page.off("response", onResponse);

        expect(assets.length, `${path} loads scripts`).toBeGreaterThan(0);
        for (const asset of assets) {
          // only a file so small that no encoding makes it smaller goes as is
          if (asset.encoding === undefined) {
            expect(asset.size, `${asset.url} on ${path} is sent as is`).toBeLessThan(200);
          } else expect(asset.encoding, `${asset.url} on ${path}`).toBe("br");
        }
        expect(assets.filter((a) => a.encoding === "br").length).toBeGreaterThan(0);

        const title = await page.title();
        expect(title, path).not.toBe("");
        expect(titles.get(title), `${path} shares its title "${title}"`).toBeUndefined();
        titles.set(title, path);

        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(canonical).toBe(baseURL + path);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) =>
            links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
          );
        expect(alternates).toEqual([
          ...languages.map((other) => [other, baseURL + localizedPath(other, route.path)]),
          ["x-default", baseURL + localizedPath("en", route.path)],
        ]);
        const meta = (selector: string) => page.locator(selector).getAttribute("content");
        expect(await meta('meta[property="og:url"]')).toBe(baseURL + path);
        // (a page started from the SPA shell may say noindex twice: the shell's, the app's)
        const robots = await page
          .locator('meta[name="robots"]')
          .evaluateAll((tags) => [...new Set(tags.map((t) => t.getAttribute("content")))]);
        expect(robots).toEqual([indexed.has(route.path) ? "index, follow" : "noindex, follow"]);
        const image = await meta('meta[property="og:image"]');
        expect(image).toBe(
          `${baseURL}/og/${lang}/${indexed.has(route.path) ? route.name : "landing"}.png`,
        );
        expect(await meta('meta[name="twitter:image"]')).toBe(image);
        const png = await request.get(image!);
        expect(png.status(), image!).toBe(200);
        expect(png.headers()["content-type"]).toBe("image/png");

        expect(health.problems, `page problems on ${path}:\n${health.describe()}`).toEqual([]);
      });
    }
  });
}

test("pricing has both prices in its HTML and FAQPage data; the landing page SoftwareApplication", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/nl/pricing")).text();
  // monthly and yearly, before any script runs
  for (const price of ["€ 9", "€ 90", "€ 29", "€ 290"]) {
    expect(html.replace(/\u00a0/g, " "), price).toContain(price);
  }
  const health = watchPageHealth(page);
  await page.goto("/nl/pricing");
  const data = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
  const [faq] = await data();
  expect(faq).toMatchObject({ "@context": "https://schema.org", "@type": "FAQPage" });
  const questions = faq!.mainEntity as Array<{ name: string; acceptedAnswer: { text: string } }>;
  expect(questions.length).toBeGreaterThan(3);
  // the same questions the page shows
  await expect(page.getByText(questions[0]!.name, { exact: true })).toBeVisible();

  // the switch shows each billing its own price only (issue 30)
  const standard = page
    .getByRole("article")
    .filter({ hasText: /€\s90\b/ })
    .first();
  // the price shown is the checked billing's, by CSS (app.css, [data-billing-root]): no script involved,
  // so a click before anything has loaded counts too (decision 025)
  const emphasised = () =>
    standard
      .locator("[data-billing]")
      .evaluateAll((prices) =>
        prices.filter((p) => getComputedStyle(p).display !== "none").map((p) => p.dataset.billing),
      );
  expect(await emphasised()).toEqual(["monthly"]);
  await page.getByRole("radio", { name: "Jaarlijks" }).check();
  expect(await emphasised()).toEqual(["yearly"]);
  await expect(standard).toContainText(/€\s9\b/);

  await page.goto("/fr");
  const [app] = await data();
  expect(app).toMatchObject({
    "@type": "SoftwareApplication",
    name: "Hawl",
    url: `${baseURL}/fr`,
    inLanguage: "fr",
    offers: { "@type": "AggregateOffer", priceCurrency: "EUR", lowPrice: "0" },
  });
  expect(health.problems, health.describe()).toEqual([]);
});

test("switching the language keeps the page", async ({ page }) => {
  const health = watchPageHealth(page);
  await page.goto("/pricing");
  await page.locator('a[hreflang="fr"]:visible').first().click();
  await expect(page).toHaveURL(`${baseURL}/fr/pricing`);
  await expect(page).toHaveTitle(/Tarifs/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${baseURL}/fr/pricing`,
  );
  await page.locator('a[hreflang="nl"]:visible').first().click();
  await expect(page).toHaveURL(`${baseURL}/nl/pricing`);
  await expect(page).toHaveTitle(/Prijzen/);
  expect(health.problems, health.describe()).toEqual([]);
});

test("robots.txt and sitemap.xml use BASE_URL", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/nl/calculator</loc>`);
  expect(xml).toContain(
    `<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/pricing"/>`,
  );
});
