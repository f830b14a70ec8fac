import { expect, test } from "@playwright/test";
import { t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Issue 12: the calculator's first load leaves out its dialogs (Radix Dialog and the dialogs'
// code, decision 029). Stand-ins with the final name hold the triggers' place; a click loads the
// dialogs' chunk and opens the real dialog with focus inside, and closing it gives focus back to
// the real trigger. The settings dialog, opened by state, loads when first asked for.

/** the calculator's dialogs' chunk, and components/ui/dialog.tsx's (which brings Radix Dialog) */
const dialogChunk = /\/assets\/(calculator-dialogs|dialog)-[\w-]+\.js$/;

test("the calculator loads without its dialogs; the first click opens the real one", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (dialogChunk.test(pathname)) requested.push(pathname);
  });

  await page.goto("/nl/calculator");
  const sessions = page.getByTestId("open-sessions");
  await expect(sessions).toHaveAccessibleName(t("nl", "calculator:sessions.open"));
  await expect(sessions).toHaveAttribute("aria-haspopup", "dialog");
  await page.waitForLoadState("networkidle");
  expect(requested, "dialog chunks on the first load").toEqual([]);
  const box = await sessions.boundingBox();

  // by keyboard: focus, then Enter (focusing starts the download)
  await sessions.focus();
  await page.keyboard.press("Enter");
  const manager = page.getByTestId("session-manager");
  await expect(manager).toBeVisible();
  await expect(manager).toContainText(t("nl", "calculator:sessions.title"));
  expect(requested.some((p) => p.includes("calculator-dialogs"))).toBe(true);
  // the real trigger took the stand-in's place, same size
  await expect(sessions).toHaveAttribute("aria-expanded", "true");
  expect(await sessions.boundingBox()).toEqual(box);
  await page.keyboard.press("Escape");
  await expect(manager).toBeHidden();
  await expect(sessions).toBeFocused();

  // once here, the other dialogs open at once
  await page.getByTestId("open-settings").click();
  await expect(page.getByTestId("settings-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("settings-dialog")).toBeHidden();

  expect(health.problems, health.describe()).toEqual([]);
});

test("the settings dialog loads on its first click, before any other dialog", async ({ page }) => {
  const health = watchPageHealth(page);
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("open-settings").click();
  const dialog = page.getByTestId("settings-dialog");
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole("heading", { name: t("en", "calculator:settings.title") }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: t("en", "calculator:settings.done") }).click();
  await expect(dialog).toBeHidden();
  expect(health.problems, health.describe()).toEqual([]);
});

// Decision 035: zod does not come with a public page's first load. The session, prices and rates
// answers are checked by parsers generated from the contracts' schemas; the draft's check against
// the calculate request's schema loads on the step before the results. zod's constructors keep
// their names in the minified build ("$ZodType"), whatever chunk Rollup puts them in.
const zodMark = '"$ZodType"';

test("the calculator's first load carries no zod; the results bring it and compute", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  const withZod: string[] = [];
  const scripts: Promise<void>[] = [];
  const catalogs: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    // locale-<lang>-<namespace>-<8-character hash, which may hold "-">.js
    const catalog = /\/locale-[a-z]+-([a-z-]+?)-[\w-]{8}\.js$/.exec(response.url());
    if (catalog) catalogs.push(catalog[1]!);
    scripts.push(
      response.text().then(
        (body) => {
          if (body.includes(zodMark)) withZod.push(new URL(response.url()).pathname);
        },
        () => {},
      ),
    );
  });

  await page.goto("/calculator");
  await expect(page.getByTestId("step-next")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await Promise.all(scripts);
  expect(withZod, "scripts with zod on the calculator's first load").toEqual([]);
  // the root's providers load their namespaces for a toast only (decision 035), once the page
  // is idle: they may come after the network first went quiet
  await expect
    .poll(() => [...catalogs].sort(), { message: "catalogs of the first load" })
    .toEqual(["calculator", "common"]);

  // to the results (a blank calculation: what you own, then the results); the computation, and
  // zod with it, loads on the way
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("zakat-due")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await Promise.all(scripts);
  expect(withZod.length, "zod comes with the results").toBeGreaterThan(0);
  expect(health.problems, health.describe()).toEqual([]);
});

// Each file sent costs a request and its headers (≈ 0.4–0.7 KB): the app's icons are one chunk
// (vite.config.ts), not one per icon (16 files on this page before), and the header's parts join
// the app shell now that Radix is imported by part. An icon's drawing is lucide's
// `["path",{d:"…"}]` list, which no other code writes.
const iconMark = '["path",{d:"';

test("the calculator's icons come in one file", async ({ page }) => {
  const health = watchPageHealth(page);
  const withIcons: string[] = [];
  const scripts: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response.text().then(
        (body) => {
          if (body.includes(iconMark)) withIcons.push(new URL(response.url()).pathname);
        },
        () => {},
      ),
    );
  });
  await page.goto("/fr/calculator");
  await expect(page.getByTestId("step-next")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await Promise.all(scripts);
  expect(withIcons).toEqual([expect.stringMatching(/^\/assets\/icons-[\w-]+\.js$/)]);
  expect(health.problems, health.describe()).toEqual([]);
});
