import { expect, test } from "@playwright/test";
import { strongPassword, uniqueEmail } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { verificationLink, waitForMail } from "./support/mail.ts";
import { baseURL } from "./support/ports.ts";

// Decision 012 (issue 10, defect 4): someone signs up with another person's address in their
// own browser; the owner of the mailbox opens the link in theirs. That browser is not signed
// in: the page says the address is verified and asks to sign in or reset; the sign-up form in
// the meantime shows its strength meter.

test("a verification link opened in another browser verifies, signs nobody in, asks to sign in (fr)", async ({
  page,
}) => {
  const email = uniqueEmail("elsewhere");
  const password = strongPassword();

  // the "other" browser signs up through the real form and sees the strength meter
  const other = await page.context().browser()!.newContext({ baseURL });
  const signUpPage = await other.newPage();
  await signUpPage.goto("/fr/signup");
  const main = signUpPage.getByRole("main");
  await main.getByLabel(t("fr", "auth:email")).fill(email);
  await main.getByLabel(t("fr", "auth:password"), { exact: true }).fill("abcdefgh");
  const meter = main.getByRole("progressbar", { name: t("fr", "auth:passwordStrength") });
  await expect(meter).toHaveAttribute("aria-valuetext", t("fr", "auth:passwordStrength0"));
  await main.getByLabel(t("fr", "auth:password"), { exact: true }).fill(password);
  await expect(meter).toHaveAttribute("aria-valuenow", "4");
  await main.getByRole("button", { name: exactly(t("fr", "auth:signupButton")) }).click();
  await expect(signUpPage).toHaveURL(/\/fr\/verify-email\?sent=1$/);
  await other.close();

  // the mailbox owner's browser opens the link
  const link = verificationLink(await waitForMail(email));
  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/verify-email\?verified=1$/);
  await expect(
    page.getByRole("heading", { level: 1, name: t("fr", "auth:verifiedSignInTitle") }),
  ).toBeVisible();
  await expect(page.getByTestId("verify-email-signin")).toContainText(
    t("fr", "auth:verifiedSignIn"),
  );
  const session = await page.request.get("/api/auth/get-session");
  expect(((await session.json()) as { user?: unknown } | null)?.user).toBeFalsy();
  await expect(page.getByTestId("forgot-password-link")).toBeVisible();

  // whoever knows the password signs in by themselves
  await page.getByTestId("go-to-signin").click();
  await expect(page).toHaveURL(/\/fr\/signin$/);
  const form = page.getByRole("main");
  await form.getByLabel(t("fr", "auth:email")).fill(email);
  await form.getByLabel(t("fr", "auth:password"), { exact: true }).fill(password);
  await form.getByRole("button", { name: exactly(t("fr", "auth:signinButton")) }).click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/, { timeout: 15_000 });
});
