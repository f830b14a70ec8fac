import { expect, test, type Page } from "@playwright/test";
import { exactly, t, type Lang } from "./support/i18n.ts";

// A quick visitor (or a slow connection) types into a prerendered form before React has
// hydrated it. React keeps the text at hydration but its state still says "", and the field's
// next render wrote "" back: the address was gone by the time the person pressed the button
// (seen as a flaky verify-elsewhere run in CI). app/typed-before-hydration.ts replays it.

// each form is then submitted as it stands: its own check must find the typed address
const pages: Array<{ lang: Lang; path: string; namespace: string; submit: string; next: RegExp }> =
  [
    // no password yet: the form stays, saying so about the password only
    {
      lang: "fr",
      path: "/fr/signup",
      namespace: "auth",
      submit: "auth:signupButton",
      next: /\/fr\/signup$/,
    },
    {
      lang: "en",
      path: "/forgot-password",
      namespace: "auth",
      submit: "auth:sendResetLink",
      next: /\/reset-password-confirmation$/,
    },
  ];

/**
 * Holds a page's catalog chunk (entry.client.tsx waits for it before hydrating) until the
 * returned function is called: until then the page is the prerendered HTML alone.
 */
async function holdCatalog(page: Page, lang: Lang, namespace: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/locale-${lang}-${namespace}-`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const { lang, path, namespace, submit, next } of pages) {
  test(`text typed into ${path} before it hydrates is kept`, async ({ page }) => {
    const release = await holdCatalog(page, lang, namespace);
    await page.goto(path);
    const email = page.getByRole("main").getByLabel(t(lang, "auth:email"), { exact: true });
    await email.fill("before-hydration@example.com");
    release();
    // hydrated: the router is initialized once the page has hydrated (a layout effect of
    // HydratedRouter)
    await page.waitForFunction(
      () =>
        (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
          .__reactRouterDataRouter?.state.initialized === true,
    );
    await page
      .getByRole("main")
      .getByRole("button", { name: exactly(t(lang, submit)) })
      .click();
    await expect(page).toHaveURL(next);
    await expect(page.getByText(t(lang, "auth:emailRequired"))).toHaveCount(0);
    if (path.endsWith("signup")) {
      await expect(page.getByText(t(lang, "auth:passwordRequired"))).toBeVisible();
      await expect(email).toHaveValue("before-hydration@example.com");
    }
  });
}

// A box ticked before hydration is kept too: the calculator's asset choice was unticked again by
// React, so the cash step never came (seen as flaky calculator and currencies runs).
test("a box ticked on /tr/calculator before it hydrates is kept", async ({ page }) => {
  const release = await holdCatalog(page, "tr", "calculator");
  await page.goto("/tr/calculator");
  const cash = page.getByRole("checkbox", { name: t("tr", "calculator:assets.cash.label") });
  await cash.check();
  release();
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized === true,
  );
  await expect(cash).toBeChecked();
  // one step at a time, as a person sees them: a second press before the step has changed
  // answers the same step again (the step lives in the address, which moves a render later)
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-title")).toHaveText(
    t("tr", "calculator:steps.liabilities.title"),
  );
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-title")).toHaveText(t("tr", "calculator:steps.cash.title"));
});

// Before hydration a form has no handler: a press of its button would send it natively, the
// answers (the password too) in the address. The buttons wait for hydration instead.
test("before /signup hydrates, its button waits: nothing is sent, no password in the address", async ({
  page,
}) => {
  const release = await holdCatalog(page, "en", "auth");
  await page.goto("/signup");
  const main = page.getByRole("main");
  const submit = main.getByRole("button", { name: exactly(t("en", "auth:signupButton")) });
  await main.getByLabel(t("en", "auth:email"), { exact: true }).fill("early@example.com");
  await main.getByLabel(t("en", "auth:password"), { exact: true }).fill("short");
  await expect(submit).toBeDisabled();
  // Enter in a field submits a form whose button is enabled: not this one
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe("");
  release();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(
    main.getByText(t("en", "auth:passwordTooShort").replace("{{min}}", "8")),
  ).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
});
