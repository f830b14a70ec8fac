import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { pages } from "../../src/contracts/web-routes.ts";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { addMilestone } from "./support/milestones.ts";
import { t } from "./support/i18n.ts";
import { baseURL } from "./support/ports.ts";

// Arabic right to left, Turkish left to right (issue 34, decision 070): every public page says
// its direction on <html>, the Arabic font is fetched by Arabic pages only, the calculator's and
// the tracker's Arabic screens at 390 px are kept as artefacts, the Arabic embed reads right to
// left in a right-to-left and in a left-to-right host page, and a first visit whose browser asks
// for Arabic or Turkish is offered that language on "/", never sent there. (Axe and sideways
// scrolling at 360 px in every language: pages-a11y-layout.spec.ts.)

const publicRoutes = pages.filter((r) => r.access !== "protected");
const arabicFont = /noto-sans-arabic-arabic-\d+-normal[^/]*\.woff2/;

/** The page scrolls sideways neither way (a right-to-left page overflows to the left). */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
}

for (const lang of ["ar", "tr"] as const) {
  test(`public pages in ${lang} say their direction`, async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (arabicFont.test(r.url())) fonts.push(r.url());
    });
    for (const route of publicRoutes) {
      const path = localizedPath(lang, route.path);
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
      await expect(page.locator("html"), path).toHaveAttribute(
        "dir",
        lang === "ar" ? "rtl" : "ltr",
      );
      await expect(page.getByRole("main")).toBeVisible();
    }
    await page.waitForLoadState("networkidle");
    if (lang === "ar") expect(fonts.length, "the Arabic font on Arabic pages").toBeGreaterThan(0);
    else expect(fonts, "no Arabic font outside Arabic pages").toEqual([]);
  });
}

test("the Arabic font stays off the other languages' calculator", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (arabicFont.test(r.url())) fonts.push(r.url());
  });
  for (const path of ["/calculator", "/nl/calculator", "/tr/calculator"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(fonts).toEqual([]);
});

test.describe("Arabic screens at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("calculator and tracker, right to left, kept as artefacts", async ({ page }, testInfo) => {
    await page.goto("/ar/calculator");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("step-title")).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const calculatorScroll = await sidewaysScroll(page);
    expect(calculatorScroll.scroll).toBeLessThanOrEqual(calculatorScroll.client);
    await page.screenshot({ path: testInfo.outputPath("ar-calculator-390.png"), fullPage: true });
    // the next arrow points the way Arabic reads: leftwards
    const next = page.getByTestId("step-next");
    const arrow = next.locator("svg.lucide-arrow-right");
    if ((await arrow.count()) > 0) {
      const scale = await arrow.first().evaluate((el) => getComputedStyle(el).scale);
      expect(scale).toMatch(/^-1\b/);
    }

    // the tracker with a running zakat year, and the dashboard that summarises it
    await createSignedInAccount(page.request, { name: "أمينة" });
    await addMilestone(page.request, {
      date: "2026-03-11",
      title: "Nisab reached",
      type: "threshold",
    });
    for (const [path, shot] of [
      ["/ar/nisab", "ar-tracker-390.png"],
      ["/ar/dashboard", "ar-dashboard-390.png"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => document.fonts.ready);
      const scroll = await sidewaysScroll(page);
      expect(scroll.scroll, path).toBeLessThanOrEqual(scroll.client);
      await page.screenshot({ path: testInfo.outputPath(shot), fullPage: true });
    }
    await expect(page.getByTestId("nisab-card-date")).toBeVisible();
  });
});

test.describe("the Arabic embed in host pages", () => {
  let host: Server;
  let hostOrigin: string;
  test.beforeAll(async () => {
    host = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://host");
      const dir = url.pathname === "/rtl" ? "rtl" : "ltr";
      const lang = dir === "rtl" ? "ar" : "en";
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>Host</title></head>` +
            `<body><h1>Host</h1><iframe id="embed" src="${baseURL}/embed/calculator?lang=ar" title="Zakat"` +
            ` style="width:100%;height:800px;border:0"></iframe></body></html>`,
        );
    });
    host.listen(0, "127.0.0.1");
    await once(host, "listening");
    hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    host?.closeAllConnections();
    await new Promise((resolve) => host?.close(resolve));
  });

  for (const hostDir of ["rtl", "ltr"] as const) {
    test(`reads right to left in a ${hostDir} host page`, async ({ page }, testInfo) => {
      await page.goto(`${hostOrigin}/${hostDir}`);
      const frame = page.frameLocator("#embed");
      await expect(frame.getByTestId("embed-calculator")).toBeVisible();
      await expect(frame.locator("html")).toHaveAttribute("lang", "ar");
      await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
      const direction = await frame
        .getByTestId("embed-calculator")
        .evaluate((el) => getComputedStyle(el).direction);
      expect(direction).toBe("rtl");
      await page.screenshot({ path: testInfo.outputPath(`ar-embed-in-${hostDir}-host.png`) });
    });
  }
});

test.describe("Accept-Language on a first visit to /", () => {
  for (const locale of ["ar-SA", "tr-TR"] as const) {
    const lang = locale.slice(0, 2) as "ar" | "tr";
    test.describe(locale, () => {
      test.use({ locale });

      test(`suggests ${lang}, and does not force it`, async ({ page }) => {
        await page.goto("/");
        expect(new URL(page.url()).pathname).toBe("/");
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        const note = page.locator(`[data-suggest="${lang}"]`);
        await expect(note).toBeVisible();
        const link = note.getByRole("link", {
          name: t(lang, "languageSwitcher.suggestion.switch"),
        });
        await expect(link).toHaveAttribute("href", `/${lang}`);
        // "No, thanks": English stays, and is not offered again
        await note.getByRole("button").click();
        await expect(note).toBeHidden();
        await page.reload();
        await expect(page.locator(`[data-suggest="${lang}"]`)).toBeHidden();
      });
    });
  }

  test("an English browser is offered nothing", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-language-suggestion]")).toBeHidden();
  });
});
