import { expect, test, type Page } from "@playwright/test";
import { pages } from "../../src/contracts/web-routes.ts";
import { languages, localizedPath, type Language } from "../../src/web/app/route-table.ts";
import { clientAddress } from "./support/accounts.ts";
import { t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Every public page (contracts/web-routes.ts), in every language, from the production build:
// a non-empty <main> with a heading, the right <html lang>, a title, and no console errors.
const publicRoutes = pages.filter((r) => r.access !== "protected");

// An untranslated key rendered as text ("pages.landing", "auth.signIn.title").
const looksLikeKey = /^[a-z][\w-]*(\.[\w-]+)+$/;

async function expectRenderedPage(page: Page, lang: Language) {
  // soft: a wrong lang is reported, and the page's other checks still run
  await expect.soft(page.locator("html"), "<html lang>").toHaveAttribute("lang", lang);
  const main = page.getByRole("main");
  await expect(main).toHaveCount(1);
  const heading = main.getByRole("heading").first();
  await expect(heading).toBeVisible();
  const headingText = (await heading.innerText()).trim();
  expect(headingText, "the page heading has text").not.toBe("");
  expect(headingText, "the heading is translated text, not an i18n key").not.toMatch(looksLikeKey);
  expect((await main.innerText()).trim().length, "main has content").toBeGreaterThan(0);
  expect.soft(await page.title(), "the page sets a title").not.toBe("");
}

for (const lang of languages) {
  test.describe(`public routes in ${lang}`, () => {
    for (const route of publicRoutes) {
      const path = localizedPath(lang, route.path);
      test(`${path} renders`, async ({ page }) => {
        // each page is a different visitor: one address loading every page in turn meets the
        // session route's per-address limit, which no person does
        await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
        const health = watchPageHealth(page);
        await page.goto(path);
        await expectRenderedPage(page, lang);
        // settle: late requests (session checks, lazy chunks) still count
        await health.settle();
        expect.soft(health.problems, `page problems on ${path}:\n${health.describe()}`).toEqual([]);
      });
    }
  });
}

// the catalogue's own words, so that a language added later needs nothing here
const notFoundText = (lang: Language) =>
  new RegExp(`${t(lang, "pages.notFound.title").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}|404`, "i");

// Deeper paths in every language, and in English what the router's optional language segment
// (routes.ts, decision 066) could take for a language: one segment (the landing page's shape),
// a page under a segment that is no language, the default language as a prefix.
const unknownPaths: Array<[Language, string]> = [
  ...languages.map((lang): [Language, string] => [
    lang,
    localizedPath(lang, "no-such-page-e2e/deeper"),
  ]),
  ["en", "/no-such-page-e2e"],
  ["en", "/no-such-page-e2e/calculator"],
  ["en", "/en/calculator"],
];

for (const [lang, path] of unknownPaths) {
  test(`unknown path ${path} shows the not-found page`, async ({ page }) => {
    const health = watchPageHealth(page, {
      // the server may rightly answer the document itself with 404
      // (Chromium logs that answer as a console error too)
      allow: (p) =>
        (p.kind === "http-error" && p.detail.includes(path)) ||
        (p.kind === "console-error" && /status of 404/.test(p.detail) && p.detail.includes(path)),
    });
    await page.goto(path);
    await expectRenderedPage(page, lang);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const main = page.getByRole("main");
    await expect(main).toContainText(notFoundText(lang));
    // a way home: "/" or the language's home
    const homes = lang === "en" ? ["/"] : [localizedPath(lang, ""), "/"];
    const hrefs = await main
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(
      hrefs.some((h) => homes.includes(h)),
      `a link home among ${hrefs.join(", ")}`,
    ).toBe(true);
    await page.waitForLoadState("networkidle");
    expect.soft(health.problems, `page problems on ${path}:\n${health.describe()}`).toEqual([]);
  });
}

// Signed out, every protected page sends the visitor to that language's sign-in page (spec §2),
// and the page is in that language.
for (const lang of languages) {
  test(`protected routes in ${lang} redirect to sign-in`, async ({ page }) => {
    const signin = localizedPath(lang, "signin");
    for (const route of pages.filter((r) => r.access === "protected")) {
      const path = localizedPath(lang, route.path);
      await page.goto(path);
      await expect(page, `${path} → ${signin}`).toHaveURL(new RegExp(`${signin}$`));
      await expect
        .soft(page.locator("html"), `<html lang> after ${path} → ${signin}`)
        .toHaveAttribute("lang", lang, { timeout: 2_000 });
      expect(
        await page.evaluate(() => localStorage.getItem("auth_redirect_url")),
        `${path} is remembered for after sign-in`,
      ).toBe(path);
    }
  });
}

// A page that is not prerendered comes from the SPA shell, which lists only the root's scripts:
// its layout's and its own modules are asked for before hydration (app/page-early.ts, by the
// route ids of routes.ts).
for (const lang of languages) {
  const path = localizedPath(lang, "verify-email");
  test(`${path}, from the SPA shell, preloads its route modules at once`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
    expect(
      preloaded.filter((href) => /\/assets\/(?:layout|verify-email)-/.test(href)),
    ).toHaveLength(2);
  });
}
