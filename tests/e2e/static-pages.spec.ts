import { expect, test, type Page } from "@playwright/test";
import { languages, localizedPath } from "../../src/web/app/route-table.ts";
import { createSignedInAccount, openTheAppSignedIn } from "./support/accounts.ts";
import { exactly, t, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Decision 025: the marketing pages are their prerendered HTML with one small script (the
// islands), no React. Their menus are popovers and the pricing page's billing switch is radio
// buttons read by CSS, so all of it works by keyboard without the app.

const staticPaths = ["", "pricing", "donate", "privacy", "terms"];

/** Every same-origin script the page asks for, loaded or only preloaded. */
async function scriptsOf(page: Page, path: string) {
  const requested: string[] = [];
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    if (url.origin === baseURL && request.resourceType() === "script") requested.push(url.pathname);
  };
  page.on("request", onRequest);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("request", onRequest);
  const tags = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")),
    preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    routerContext: "__reactRouterContext" in window,
  }));
  return { requested, ...tags };
}

for (const lang of languages) {
  test(`static pages in ${lang} load the islands' script only, no React`, async ({ page }) => {
    const health = watchPageHealth(page);
    for (const route of staticPaths) {
      const path = localizedPath(lang, route);
      await test.step(path, async () => {
        const loaded = await scriptsOf(page, path);
        expect(loaded.preloads, `${path}: no modulepreload`).toBe(0);
        expect(loaded.routerContext, `${path}: no React Router`).toBe(false);
        expect(loaded.scripts, `${path}: one script tag`).toHaveLength(1);
        expect(loaded.scripts[0]).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
        // (by address: Chromium now and then reports a second request for the same script, from
        // its cache, which a CI run saw once; what matters is that no other script is asked for)
        expect(
          [...new Set(loaded.requested)],
          `${path}: only the islands' script is fetched`,
        ).toEqual([loaded.scripts[0]]);
      });
    }
    // an app page still is the app (the test above would pass on a page that loads nothing)
    const app = await scriptsOf(page, localizedPath(lang, "calculator"));
    expect(app.routerContext).toBe(true);
    // its preloads as served (the app drops them from the head once its first navigation, the
    // step written in the address, has rendered)
    const served = await (await page.request.get(localizedPath(lang, "calculator"))).text();
    expect(served.match(/rel="modulepreload"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(health.problems, health.describe()).toEqual([]);
  });
}

test("the header's language menu works by keyboard, keeps the page and the fragment, and stores the choice", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/pricing#faq");
  const trigger = page
    .getByRole("banner")
    .getByRole("button", { name: t("en", "languageSwitcher.change", { prefixOnly: true }) })
    .and(page.locator(":visible"));
  await trigger.focus();
  await page.keyboard.press("Enter");
  // the open menu's links (the footer has the same names)
  const header = page.getByRole("banner");
  const french = header.getByRole("link", { name: exactly(t("en", "languages.fr")) });
  await expect(french).toBeVisible();
  await expect(french).toHaveAttribute("href", "/fr/pricing#faq");
  // Escape closes it and focus stays on its button
  await page.keyboard.press("Escape");
  await expect(french).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(header.getByRole("link", { name: exactly(t("en", "languages.en")) })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(french).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${baseURL}/fr/pricing#faq`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");
  expect(health.problems, health.describe()).toEqual([]);
});

const phone = { width: 360, height: 740 };

for (const lang of ["en", "nl"] as const satisfies Lang[]) {
  test(`the small screens' menu opens and closes by keyboard (${lang})`, async ({ page }) => {
    const health = watchPageHealth(page);
    await page.setViewportSize(phone);
    await page.goto(localizedPath(lang, ""));
    const open = page.getByRole("button", { name: exactly(t(lang, "nav.openMenu")) });
    await open.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: t(lang, "nav.menu") });
    await expect(sheet).toBeVisible();
    const pricing = sheet.getByRole("link", { name: exactly(t(lang, "nav.pricing")) });
    await expect(pricing).toHaveAttribute("href", localizedPath(lang, "pricing"));
    await expect(sheet.getByRole("link", { name: exactly(t(lang, "nav.login")) })).toBeVisible();
    // a modal sheet: focus moves into it, Tab and Shift+Tab never reach the page behind (past
    // the sheet's last link a native modal lets focus go to the browser's own controls, then
    // back to the sheet: <body> here), the page neither scrolls, and closing it gives focus
    // back to its button
    await expect(sheet.getByRole("button", { name: t(lang, "nav.closeMenu") })).toBeFocused();
    const focusables = await sheet.locator("a[href], button").count();
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i <= focusables + 1; i++) {
        await page.keyboard.press(key);
        expect(
          await page.evaluate(
            () =>
              document.activeElement === document.body ||
              !!document.activeElement?.closest("[role=dialog], dialog"),
          ),
          `${key} ×${i + 1} does not reach the page behind the sheet`,
        ).toBe(true);
      }
    }
    await page.mouse.move(phone.width / 2, phone.height / 2);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300); // a wheel scrolls smoothly, after the event
    expect(await page.evaluate(() => window.scrollY), "the page behind the sheet stays").toBe(0);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await open.focus();
    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("button", { name: t(lang, "nav.closeMenu") }).press("Enter");
    await expect(sheet).toBeHidden();
    await open.press("Enter");
    await pricing.press("Enter");
    await expect(page).toHaveURL(baseURL + localizedPath(lang, "pricing"));
    expect(health.problems, health.describe()).toEqual([]);
  });
}

test("pricing's billing switch works by keyboard with no script: emphasis and sign-up links follow", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.goto("/nl/pricing");
  const standard = page.getByRole("article").filter({ hasText: /€\s90\b/ });
  const emphasised = () =>
    standard
      .locator("[data-billing]")
      .evaluateAll((prices) =>
        prices.filter((p) => getComputedStyle(p).display !== "none").map((p) => p.dataset.billing),
      );
  const choose = standard.getByRole("link", {
    name: exactly(t("nl", "pricing:plans.standard.cta")),
  });
  expect(await emphasised()).toEqual(["monthly"]);
  await expect(choose).toHaveAttribute("href", "/nl/signup?plan=standard&billing=monthly");

  const monthly = page.getByRole("radio", { name: t("nl", "pricing:billing.monthly") });
  const yearly = page.getByRole("radio", { name: t("nl", "pricing:billing.yearly") });
  await expect(monthly).toBeChecked();
  await monthly.focus();
  await page.keyboard.press("ArrowRight");
  await expect(yearly).toBeChecked();
  expect(await emphasised()).toEqual(["yearly"]);
  await expect(choose).toHaveAttribute("href", "/nl/signup?plan=standard&billing=yearly");
  await expect(standard).toContainText(t("nl", "pricing:note.yearly"));
  await page.keyboard.press("ArrowLeft");
  await expect(monthly).toBeChecked();
  expect(await emphasised()).toEqual(["monthly"]);
  expect(health.problems, health.describe()).toEqual([]);
});

// Issue 30 #8: the static pages are the same HTML for everyone; the islands' script asks for the
// session and gives a signed-in visitor the signed-in header's actions, in the page's language,
// in space the prerender kept for them (nothing in the header moves).
const headerPages = [
  { lang: "en", path: "/" },
  { lang: "en", path: "/pricing" },
  { lang: "fr", path: "/fr/pricing" },
  { lang: "nl", path: "/nl/privacy" },
  { lang: "en", path: "/donate" },
] as const satisfies { lang: Lang; path: string }[];

/** Sum of the layout shifts of elements inside the header since the page loaded. */
function headerShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            sources: { node: Node | null }[];
          }[]) {
            if (
              entry.sources.some(
                (s) => s.node && document.querySelector("header")?.contains(s.node),
              )
            )
              total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test("a signed-in visitor gets the signed-in header's actions on the static pages", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  for (const { lang, path } of headerPages) {
    await test.step(`signed out: ${path}`, async () => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: exactly(t(lang, "nav.login")) })).toBeVisible();
      await expect(
        header.getByRole("link", { name: exactly(t(lang, "nav.signup")) }),
      ).toBeVisible();
      await expect(
        header.getByRole("link", { name: exactly(t(lang, "nav.dashboard")) }),
      ).toHaveCount(0);
    });
  }
  await createSignedInAccount(page.request, { name: "Header Reader" });
  await openTheAppSignedIn(page);
  for (const { lang, path } of headerPages) {
    await test.step(`signed in: ${path}`, async () => {
      await page.goto(path);
      const header = page.getByRole("banner");
      const dashboard = header.getByRole("link", { name: exactly(t(lang, "nav.dashboard")) });
      await expect(dashboard).toBeVisible();
      await expect(dashboard).toHaveAttribute("href", localizedPath(lang, "dashboard"));
      await expect(
        header.getByRole("link", { name: exactly(t(lang, "nav.profile")) }),
      ).toBeVisible();
      await expect(header.getByRole("link", { name: exactly(t(lang, "nav.login")) })).toHaveCount(
        0,
      );
      await expect(header.getByRole("link", { name: exactly(t(lang, "nav.signup")) })).toHaveCount(
        0,
      );
      expect(await headerShift(page), `${path}: nothing in the header moves`).toBe(0);
    });
  }
  // the small screens' sheet too
  await page.setViewportSize(phone);
  await page.goto("/fr/pricing");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: exactly(t("fr", "nav.openMenu")) }).click();
  const sheet = page.getByRole("dialog", { name: t("fr", "nav.menu") });
  await expect(sheet.getByRole("link", { name: exactly(t("fr", "nav.dashboard")) })).toBeVisible();
  await expect(sheet.getByRole("link", { name: exactly(t("fr", "nav.login")) })).toHaveCount(0);
  expect(health.problems, health.describe()).toEqual([]);
});
