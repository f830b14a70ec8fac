import { expect, test, type Locator, type Page } from "@playwright/test";
import { createSignedInAccount, strongPassword, uniqueEmail } from "./support/accounts.ts";
import { exactly, t, type Lang } from "./support/i18n.ts";

// Decision 067: a form's browser-side messages come from the request's schema, and a field the
// server refuses (400 VALIDATION_FAILED with `fields`) shows the refusal under itself, in the
// page's language. A BEL character passes every schema of the browser; the server's door for
// /api/* (text-guard.ts) refuses it as "invalid_characters" on the field it is in.

const bell = "\u0007";

/** The text of the error the field's aria-describedby names, once the field is marked invalid. */
async function expectFieldError(page: Page, field: Locator, text: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`${id}-error`));
  await expect(page.locator(`[id="${id}-error"]`)).toHaveText(text);
}

for (const lang of ["en", "fr"] as const satisfies readonly Lang[]) {
  const at = (path: string) => (lang === "en" ? path : `/${lang}${path}`);

  test(`sign-up (${lang}): the schema's refusals, then the server's refusal of the name on the name`, async ({
    page,
  }) => {
    await page.goto(at("/signup"));
    const main = page.getByRole("main");
    const name = main.getByLabel(t(lang, "auth:fullNameOptional"));
    const email = main.getByLabel(t(lang, "auth:email"));
    const password = main.getByLabel(t(lang, "auth:password"), { exact: true });
    const submit = main.getByRole("button", { name: exactly(t(lang, "auth:signupButton")) });

    // the browser: the contract's e-mail and password rules, nothing sent
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/sign-up")) sent += 1;
    });
    await email.fill("not-an-address");
    await password.fill("short");
    await submit.click();
    await expectFieldError(page, email, t(lang, "auth:emailInvalid"));
    await expectFieldError(
      page,
      password,
      t(lang, "auth:passwordTooShort").replace("{{min}}", "8"),
    );
    await expect(email).toBeFocused();
    expect(sent).toBe(0);

    // the server: the name it refuses is marked, focused, with the general text
    await name.fill(`Amina${bell}`);
    await email.fill(uniqueEmail("forms"));
    await password.fill(strongPassword());
    const answer = page.waitForResponse((r) => r.url().includes("/api/auth/sign-up/email"));
    await submit.click();
    expect((await answer).status()).toBe(400);
    await expectFieldError(page, name, t(lang, "form.invalid_characters"));
    await expect(name).toBeFocused();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("auth-error")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${at("/signup")}$`));
  });

  test(`workspace rename (${lang}): the server's refusal lands on the name field`, async ({
    page,
  }) => {
    await createSignedInAccount(page.request);
    await page.goto(at("/workspace-settings"));
    await page.getByTestId("workspace-rename").click();
    const field = page.getByLabel(t(lang, "workspaces:nameLabel"));
    await field.fill(`Team${bell}`);
    const answer = page.waitForResponse(
      (r) => r.request().method() === "PATCH" && r.url().includes("/api/workspaces/"),
    );
    await page.getByTestId("workspace-rename-save").click();
    expect((await answer).status()).toBe(400);
    await expectFieldError(page, field, t(lang, "form.invalid_characters"));
    await expect(field).toBeFocused();

    // the same field, put right, saves
    await field.fill("Team Forms");
    await page.getByTestId("workspace-rename-save").click();
    await expect(page.getByTestId("workspace-settings-name")).toHaveText("Team Forms");
  });
}
