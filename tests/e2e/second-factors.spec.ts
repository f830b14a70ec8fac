import { expect, test, type Page } from "@playwright/test";
import { generateSync } from "otplib";
import { createSignedInAccount, currentSession } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { waitForMail } from "./support/mail.ts";
import { appPort, baseURL } from "./support/ports.ts";

// Issue 35 (decision 071): passkeys with Chromium's virtual authenticator (CDP WebAuthn), and
// two-factor codes computed by otplib, through the real pages.

const origin = { origin: baseURL };

/** A platform authenticator with user verification that answers at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => currentSession(page.request)).toBeNull();
}

/** The sign-in page's passkey button (the autofill's conditional request may come first). */
async function signInWithPasskey(page: Page) {
  await page.goto("/signin");
  const button = page.getByRole("button", {
    name: exactly(t("en", "auth:secondFactor.passkeySignIn")),
  });
  await button.click({ timeout: 10_000 }).catch(() => {});
}

test("a passkey added on the profile signs in alone; removed, it no longer does", async ({
  page,
}) => {
  await virtualAuthenticator(page);
  const { email } = await createSignedInAccount(page.request);
  await page.goto("/profile");
  const section = page.getByTestId("passkeys-section");
  await expect(section.getByTestId("passkeys-empty")).toBeVisible();
  await section.getByLabel(t("en", "profile:security.passkeyName")).fill("Test laptop");
  await section
    .getByRole("button", { name: exactly(t("en", "profile:security.passkeyAdd")) })
    .click();
  await expect(section.getByTestId("passkey-item")).toHaveCount(1);
  await expect(section.getByTestId("passkey-item")).toContainText("Test laptop");
  await expect(section.getByTestId("passkey-item")).toContainText(
    t("en", "profile:security.passkeyNeverUsed"),
  );
  await waitForMail(email, { matching: (mail) => /passkey was added/i.test(mail.subject) });

  await signOut(page);
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  expect(((await currentSession(page.request)) as { user: { email: string } }).user.email).toBe(
    email,
  );

  await page.goto("/profile");
  const item = page.getByTestId("passkeys-section").getByTestId("passkey-item");
  await expect(item).toContainText(t("en", "profile:security.passkeyUsed", { prefixOnly: true }));
  await item.getByRole("button", { name: /Remove/ }).click();
  await expect(page.getByTestId("passkeys-section").getByTestId("passkeys-empty")).toBeVisible();

  // the authenticator still holds the credential; the server no longer knows it
  await signOut(page);
  await signInWithPasskey(page);
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    t("en", "errors:PASSKEY_NOT_FOUND"),
  );
  expect(await currentSession(page.request)).toBeNull();
});

test("a passkey made for another origin is refused and nothing is stored", async ({ page }) => {
  await virtualAuthenticator(page);
  await createSignedInAccount(page.request);
  const options = await page.request.get("/api/auth/passkey/generate-register-options");
  expect(options.status()).toBe(200);
  const creation = (await options.json()) as Record<string, unknown>;

  // a page of another origin on the same host (another port, served by the test itself): the
  // relying party id "localhost" is valid there, so the authenticator signs for that origin
  const elsewhere = `http://localhost:${appPort + 7}`;
  await page.route(`${elsewhere}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
  );
  await page.goto(`${elsewhere}/`);
  const response = await page.evaluate(async (json) => {
    const api = PublicKeyCredential as unknown as {
      parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions;
    };
    const publicKey = api.parseCreationOptionsFromJSON(json);
    const credential = await navigator.credentials.create({ publicKey });
    return (credential as unknown as { toJSON(): unknown }).toJSON();
  }, creation);

  const refused = await page.request.post(`${baseURL}/api/auth/passkey/verify-registration`, {
    headers: origin,
    data: { response, name: "Elsewhere" },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code?: string }).code).toBe("FAILED_TO_VERIFY_REGISTRATION");
  const listed = await page.request.get(`${baseURL}/api/auth/passkey/list-user-passkeys`);
  expect(await listed.json()).toEqual([]);
});

test("two-factor: turned on from the profile with a QR code, then sign-in asks for a code", async ({
  page,
}) => {
  const { email, password } = await createSignedInAccount(page.request);
  await page.goto("/profile");
  const section = page.getByTestId("two-factor-section");
  await section.getByLabel(t("en", "profile:security.password")).fill(password);
  await section.getByRole("button", { name: exactly(t("en", "profile:security.turnOn")) }).click();
  await expect(section.getByRole("img", { name: t("en", "profile:security.qrAlt") })).toBeVisible();
  const secret = (await section.getByTestId("two-factor-secret").textContent())!.trim();
  await expect(section.getByTestId("two-factor-backup-codes").getByRole("listitem")).toHaveCount(
    10,
  );
  const download = page.waitForEvent("download");
  await section
    .getByRole("button", { name: exactly(t("en", "profile:security.backupDownload")) })
    .click();
  expect((await download).suggestedFilename()).toBe("hawl-backup-codes.txt");
  await section.getByLabel(t("en", "profile:security.code")).fill(generateSync({ secret }));
  await section.getByRole("button", { name: exactly(t("en", "profile:security.confirm")) }).click();
  await expect(section.getByTestId("two-factor-status")).toHaveText(
    t("en", "profile:security.twoFactorOn"),
  );

  await signOut(page);
  await page.goto("/signin");
  const main = page.getByRole("main");
  await main.getByLabel(t("en", "auth:email")).fill(email);
  await main.getByLabel(t("en", "auth:password"), { exact: true }).fill(password);
  await main.getByRole("button", { name: exactly(t("en", "auth:signinButton")) }).click();
  const code = main.getByLabel(t("en", "auth:secondFactor.code"));
  await expect(code).toBeVisible();
  await code.fill("000000" === generateSync({ secret }) ? "111111" : "000000");
  await main.getByRole("button", { name: exactly(t("en", "auth:secondFactor.verify")) }).click();
  await expect(main.getByRole("alert")).toContainText(t("en", "errors:INVALID_CODE"));
  await code.fill(generateSync({ secret }));
  await main.getByLabel(t("en", "auth:secondFactor.trustDevice")).check();
  await main.getByRole("button", { name: exactly(t("en", "auth:secondFactor.verify")) }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
});
