import { expect, test } from "@playwright/test";
import type { Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// The app hydrates its prerendered pages with React 19 (decision 050): the elements of the HTML
// become React's (the same elements, not a second render over them), a control then answers,
// the console stays silent (a hydration mismatch is a console error or warning from React), and
// the scripts the page loads include react-dom's client.

/** react-dom's client names the root container's key so; no other renderer writes it */
const reactDomClientMark = "__reactContainer$";

const pages: Array<{ lang: Lang; path: string }> = [
  { lang: "en", path: "/calculator" },
  { lang: "nl", path: "/nl/calculator" },
];

for (const { lang, path } of pages) {
  test(`${path} hydrates with React: the prerendered elements kept, a control answers`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push(response.text().catch(() => ""));
    });
    // the prerendered elements, remembered before any script of the page has run
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const w = window as { prerendered?: Element[] };
        w.prerendered = [
          document.querySelector("main")!,
          document.querySelector('[data-testid="step-next"]')!,
        ];
      });
    });

    await page.goto(path);
    await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid="step-next"]');
      return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps$"));
    });
    const kept = await page.evaluate(() => {
      const w = window as { prerendered?: Element[] };
      return [
        w.prerendered?.[0] === document.querySelector("main"),
        w.prerendered?.[1] === document.querySelector('[data-testid="step-next"]'),
      ];
    });
    expect(kept, "the prerendered <main> and button are the hydrated ones").toEqual([true, true]);

    // a control answers: two steps on, the results
    await page.getByTestId("step-next").click();
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    await expect(page.getByTestId("zakat-due")).toContainText(/\d/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);

    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all(scripts);
    expect(
      bodies.some((body) => body.includes(reactDomClientMark)),
      "react-dom's client among the page's scripts",
    ).toBe(true);
    expect(warnings, "no warning or error in the console").toEqual([]);
    expect(health.problems, health.describe()).toEqual([]);
  });
}
