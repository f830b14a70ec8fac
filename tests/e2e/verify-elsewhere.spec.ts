import { expect, test } from "@playwright/test";
import { strongPassword, uniqueEmail } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { verificationLink, waitForMail } from "./support/mail.ts";
import { baseURL } from "./support/ports.ts";

// Decision 012 (issue 10, defect 4) and 046 (issue 28): someone signs up with another person's
// address in their own browser; the owner of the mailbox opens the link in theirs. That browser
// is not signed in and did not choose the password: the address is verified, the password
// dropped, and the page asks the owner to choose theirs; the sign-up form in the meantime shows
// its strength meter.

test("a verification link opened in another browser verifies, signs nobody in, asks to choose a password (fr)", async ({
  page,
}) => {
  const email = uniqueEmail("elsewhere");
  const password = strongPassword();
  const ownPassword = strongPassword();

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
  await expect(page).toHaveURL(/\/fr\/reset-password\?token=[^&]+&verified=1$/);
  await expect(page.getByText(t("fr", "auth:resetVerifiedSubtitle"))).toBeVisible();
  const session = await page.request.get("/api/auth/get-session");
  expect(((await session.json()) as { user?: unknown } | null)?.user).toBeFalsy();

  // the owner chooses their password, then signs in with it; the other one no longer works
  const form = page.getByRole("main");
  await form.getByLabel(t("fr", "auth:newPassword"), { exact: true }).fill(ownPassword);
  await form.getByLabel(t("fr", "auth:confirmPassword"), { exact: true }).fill(ownPassword);
  await form.getByRole("button", { name: exactly(t("fr", "auth:resetButton")) }).click();
  await expect(page).toHaveURL(/\/fr\/signin$/, { timeout: 15_000 });
  const refused = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL },
    data: { email, password },
  });
  expect(refused.status()).toBe(401);
  await form.getByLabel(t("fr", "auth:email")).fill(email);
  await form.getByLabel(t("fr", "auth:password"), { exact: true }).fill(ownPassword);
  await form.getByRole("button", { name: exactly(t("fr", "auth:signinButton")) }).click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/, { timeout: 15_000 });
});
