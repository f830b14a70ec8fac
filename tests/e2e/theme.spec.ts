import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { THEME_COLORS } from "../../src/web/app/theme.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { baseURL } from "./support/ports.ts";
import { shownTheme } from "./support/theme.ts";

// Dark mode (decision 059): the system's setting by default, the footer's System / Light / Dark
// switch on app pages and on static ones, and a choice that survives a reload with no flash: the
// page's inline script marks <html> before any other script, so a page whose module scripts
// never arrive is already in the chosen theme. Contrast of every page in both themes:
// pages-a11y-layout.spec.ts; here, what a page walk does not open: a dialog and a toast.

const darkBody = "rgb(12, 10, 9)"; // stone-50 of the dark palette (app/dark.css)
/** The theme-color the browser uses: the first meta whose media matches. */
const themeColor = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (m) => !m.media || matchMedia(m.media).matches,
      )?.content,
  );

function choose(page: Page, choice: "system" | "light" | "dark") {
  // the radio is visually hidden inside its label: a person clicks the label
  return page
    .getByRole("contentinfo")
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: exactly(t("en", `theme.${choice}`)) }) })
    .click();
}

test.describe("system dark", () => {
  test.use({ colorScheme: "dark" });

  test("app and static pages follow the system, the switch says System", async ({ page }) => {
    for (const path of ["/calculator", "/"]) {
      await page.goto(path);
      expect(await shownTheme(page), path).toBe("dark");
      expect(await themeColor(page), path).toBe(THEME_COLORS.dark);
      await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
      await expect(
        page.getByRole("radio", { name: exactly(t("en", "theme.system")) }),
      ).toBeChecked();
    }
  });

  test("Light on a dark system, on a static page: shown at once and after a reload", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await page.waitForLoadState("networkidle"); // the islands' script
    await choose(page, "light");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await shownTheme(page)).toBe("light");
    expect(await themeColor(page)).toBe(THEME_COLORS.light);
    await page.reload();
    expect(await shownTheme(page)).toBe("light");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("radio", { name: exactly(t("en", "theme.light")) })).toBeChecked();
  });
});

test.describe("system light", () => {
  test.use({ colorScheme: "light" });

  test("Dark chosen in the app survives a reload before any module script runs; System gives it back", async ({
    page,
  }) => {
    await page.goto("/calculator");
    expect(await shownTheme(page)).toBe("light");
    await page.waitForLoadState("networkidle"); // hydrated
    await choose(page, "dark");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await shownTheme(page)).toBe("dark");
    expect(await themeColor(page)).toBe(THEME_COLORS.dark);

    // the same page again with every script file refused: only the inline scripts run
    const refused: string[] = [];
    await page.route(
      (url) => url.pathname.endsWith(".js"),
      (route) => {
        refused.push(route.request().url());
        return route.abort();
      },
    );
    for (const path of ["/calculator", "/", "/dashboard"]) {
      await page.goto(path, { waitUntil: "load" });
      await expect(page.locator("html"), path).toHaveAttribute("data-theme", "dark");
      expect(await shownTheme(page), path).toBe("dark");
      expect(await themeColor(page), path).toBe(THEME_COLORS.dark);
    }
    expect(refused.length, "module scripts were held back").toBeGreaterThan(0);
    await page.unroute(() => true);

    await page.goto("/calculator");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("radio", { name: exactly(t("en", "theme.dark")) })).toBeChecked();
    await choose(page, "system");
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
    expect(await shownTheme(page)).toBe("light");
    await page.reload();
    expect(await shownTheme(page)).toBe("light");
  });

  test("the first frame is already dark: no flash of the light page", async ({ page }) => {
    await page.goto("/calculator");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    // before the page's own scripts: note the background of the first frame the page paints
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as { firstFrame?: string }).firstFrame = getComputedStyle(
          document.body ?? document.documentElement,
        ).backgroundColor;
      });
    });
    for (const path of ["/calculator", "/pricing"]) {
      await page.goto(path);
      await page.waitForFunction(() => (window as { firstFrame?: string }).firstFrame);
      expect(await page.evaluate(() => (window as { firstFrame?: string }).firstFrame), path).toBe(
        darkBody,
      );
    }
  });
});

for (const scheme of ["light", "dark"] as const) {
  test(`a dialog and a toast in ${scheme}: no axe violation`, async ({ browser }) => {
    const context = await browser.newContext({
      baseURL,
      colorScheme: scheme,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await createSignedInAccount(page.request, { name: "Theme Reviewer" });
    const ws = workspaceListSchema.parse(
      await (await page.request.get("/api/workspaces")).json(),
    )[0]!.id;
    const saved = await page.request.post(`/api/workspaces/${ws}/calculations`, {
      headers: { origin: baseURL },
      data: {
        name: "Zakat 2026",
        isCompleted: true,
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        assetSelection: { cash: true },
        liabilitySelection: {},
        cashAmounts: { cashInHand: "12500", bankAccounts: [] },
      },
    });
    expect(saved.status()).toBe(201);
    await page.goto("/dashboard");
    const axe = async (include: string) => {
      const result = await new AxeBuilder({ page }).include(include).analyze();
      return result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join("; ")}`,
      );
    };

    await page
      .getByRole("button", {
        name: t("en", "history:item.deleteNamed").replace("{{name}}", "Zakat 2026"),
      })
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    expect(await shownTheme(page)).toBe(scheme);
    expect(await axe('[role="alertdialog"]')).toEqual([]);

    await dialog.getByRole("button", { name: exactly(t("en", "history:delete.action")) }).click();
    await expect(page.getByText(t("en", "history:delete.success"))).toBeVisible();
    await page.waitForTimeout(500); // sonner's entrance, even with reduced motion
    expect(await axe("[data-sonner-toaster]")).toEqual([]);
    await context.close();
  });
}

// Issue 30 added panels that no page walk opens (pages-a11y-layout.spec.ts checks each page as it
// first loads): the question an amount that reads two ways asks, the question a change of the
// calculation's currency asks, and the guest's account prompt under the result. Axe in both themes.
for (const scheme of ["light", "dark"] as const) {
  test(`the calculator's amount and currency questions and the account prompt in ${scheme}: no axe violation`, async ({
    browser,
  }) => {
    test.slow(); // a walk through the calculator and three whole-page axe runs
    const context = await browser.newContext({
      baseURL,
      colorScheme: scheme,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const c = (key: string) => t("en", `calculator:${key}`);
    /** The whole page's violations, once axe has checked the contrast of the panel's text. */
    const violations = async (where: string, panel: string) => {
      expect(await shownTheme(page), where).toBe(scheme);
      const result = await new AxeBuilder({ page }).analyze();
      const contrast = result.passes.find((p) => p.id === "color-contrast")?.nodes ?? [];
      const inPanel = await page.evaluate(
        ([targets, panel]) =>
          targets.filter((target) => {
            const node = document.querySelector(target);
            return node !== null && document.querySelector(panel)?.contains(node);
          }).length,
        [contrast.map((n) => String(n.target[0])), panel] as const,
      );
      expect(inPanel, `${where}: axe checked its text`).toBeGreaterThan(0);
      return result.violations.map(
        (v) =>
          `${where}: ${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`).join("; ")}`,
      );
    };
    const found: string[] = [];

    await page.goto("/calculator");
    await page.waitForLoadState("networkidle");
    // on a loaded machine a box ticked before the page has hydrated can come back unticked:
    // tick until the calculator has a step for cash (assets, liabilities, cash, results)
    await expect(async () => {
      await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
      await expect(page.getByTestId("step-labels").locator("li")).toHaveCount(4, { timeout: 1000 });
    }).toPass();
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.liabilities.title"));
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.cash.title"));

    // "12.500" in English: 12,500 or 12.5? asked once the person leaves the field
    const cash = page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true });
    await cash.fill("12.500");
    await cash.press("Tab");
    const question = page.getByTestId("amount-question");
    await expect(question).toBeVisible();
    found.push(...(await violations("the amount question", '[data-testid="amount-question"]')));
    await question.getByRole("button", { name: "12,500", exact: true }).click();
    await expect(cash).toHaveValue("12500");

    // another currency for the calculation: are the amounts still in EUR?
    await page.getByTestId("open-settings").click();
    const dialog = page.getByTestId("settings-dialog");
    await dialog.getByLabel(c("settings.currency"), { exact: true }).selectOption("USD");
    const currency = dialog.getByTestId("currency-change");
    await expect(currency).toBeVisible();
    found.push(...(await violations("the currency question", '[data-testid="currency-change"]')));
    await currency
      .getByRole("button", { name: c("settings.currencyChange.cancel").replace("{{from}}", "EUR") })
      .click();
    await expect(currency).toBeHidden();
    await dialog.getByRole("button", { name: c("settings.done") }).click();
    await expect(dialog).toBeHidden();

    // the result, the guest's account prompt under it
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    await expect(page.getByTestId("guest-save-prompt")).toBeVisible();
    found.push(
      ...(await violations(
        "the results with the account prompt",
        '[data-testid="guest-save-prompt"]',
      )),
    );

    expect(found).toEqual([]);
    await context.close();
  });
}
