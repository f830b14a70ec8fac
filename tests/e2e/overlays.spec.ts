import { expect, test, type Locator, type Page } from "@playwright/test";
import { createSignedInAccount, openTheAppSignedIn } from "./support/accounts.ts";

// Issue 30: the floating feedback button covered the dashboard's "View all" and a Pro feature
// line, and toasts covered page titles. Nothing a person reads or presses in the page may sit
// under the feedback button, wherever the page is scrolled, and a toast never covers the title.

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page's readable and pressable things that intersect `box` in the viewport. */
async function coveredBy(page: Page, box: Box): Promise<string[]> {
  return page.evaluate((b) => {
    const hits: string[] = [];
    const selector =
      "main a, main button, main input, main select, main h1, main h2, main h3, main p, main li, main td, main dd";
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      if (
        r.x < b.x + b.width &&
        b.x < r.x + r.width &&
        r.y < b.y + b.height &&
        b.y < r.y + r.height
      )
        hits.push(
          `${element.tagName.toLowerCase()}: ${(element.textContent ?? "").trim().slice(0, 40)}`,
        );
    }
    return hits;
  }, box);
}

async function expectNothingUnder(page: Page, button: Locator) {
  await expect(button).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    await page.evaluate((y) => scrollTo(0, y), Math.round(height * share));
    await page.waitForTimeout(50);
    const box = (await button.boundingBox())!;
    expect(await coveredBy(page, box), `scrolled to ${share * 100} %`).toEqual([]);
  }
}

test.use({ viewport: { width: 1280, height: 800 } });

test("the feedback button covers nothing on the dashboard, the pricing page and the calculator", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createSignedInAccount(page.request);
  await openTheAppSignedIn(page);
  const feedback = page.getByRole("button", { name: "Feedback", exact: true });
  await expect(
    page.getByTestId("recent-view-all").or(page.getByText("View all")).first(),
  ).toBeVisible();
  await expectNothingUnder(page, feedback);
  for (const path of ["/calculator", "/calculator-history", "/nisab"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectNothingUnder(page, page.getByRole("button", { name: "Feedback", exact: true }));
  }
  // a static page: its stand-in is a link
  await page.goto("/pricing");
  await expectNothingUnder(page, page.getByRole("link", { name: "Feedback", exact: true }));
});

test("a toast does not cover the page's title", async ({ page }) => {
  test.setTimeout(90_000);
  await createSignedInAccount(page.request);
  await page.goto("/profile");
  const title = page.getByRole("heading", { level: 1 }).first();
  await expect(title).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(400); // its entrance animation
  expect(overlap((await toast.boundingBox())!, (await title.boundingBox())!)).toBe(false);
});
