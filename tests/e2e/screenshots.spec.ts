import path from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { baseURL } from "./support/ports.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Screenshots for review (tests/e2e/artifacts/<page>-<viewport>.png, git-ignored) of the landing,
// sign-in and the signed-in dashboard shell, with what a reviewer checks by eye made strict:
// no console errors (CSP violations land there), no failed same-origin requests, no sideways
// scrolling.
const artifacts = path.resolve(import.meta.dirname, "artifacts");

const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const pages = [
  { name: "landing", path: "/", signedIn: false },
  { name: "signin", path: "/signin", signedIn: false },
  { name: "dashboard", path: "/dashboard", signedIn: true },
] as const;

// One account for every signed-in screenshot: Better Auth rate-limits sign-up and sign-in
// (3 per 10 s per address), and the pictures do not need fresh people.
type StorageState = Awaited<
  ReturnType<Awaited<ReturnType<typeof request.newContext>>["storageState"]>
>;
let signedInState: Promise<StorageState> | null = null;
function signedInStorageState(): Promise<StorageState> {
  signedInState ??= (async () => {
    const context = await request.newContext({ baseURL });
    await createSignedInAccount(context, { name: "Screenshot Reviewer" });
    const state = await context.storageState();
    await context.dispose();
    return state;
  })();
  return signedInState;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("main")).toBeVisible();
  // web fonts and images finished, so the picture is the one users get
  await page.evaluate(() => document.fonts.ready);
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`${viewportName} ${viewport.width}×${viewport.height}`, () => {
    test.use({
      viewport,
      isMobile: viewportName === "mobile",
      hasTouch: viewportName === "mobile",
    });

    for (const target of pages) {
      test(`${target.name} screenshot`, async ({ page }) => {
        if (target.signedIn) {
          await page.context().addCookies((await signedInStorageState()).cookies);
        }
        const health = watchPageHealth(page);
        await page.goto(target.path);
        // a protected page must stay put when signed in; a public one must not bounce
        await expect(page).toHaveURL(new RegExp(`${target.path === "/" ? "/$" : target.path}$`));
        await settle(page);
        await page.screenshot({
          path: path.join(artifacts, `${target.name}-${viewportName}.png`),
          fullPage: true,
        });

        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect
          .soft(overflow.scrollWidth, "no horizontal overflow (page wider than the viewport)")
          .toBeLessThanOrEqual(overflow.clientWidth);
        expect(health.problems, `page problems on ${target.path}:\n${health.describe()}`).toEqual(
          [],
        );
      });
    }
  });
}
