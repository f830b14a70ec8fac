import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { verificationLink, waitForMail } from "./mail.ts";
import { baseURL } from "./ports.ts";

/** A unique address per call, so runs never collide on one database. */
export function uniqueEmail(label = "newcomer"): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.hawl.test`;
}

/** Long, random and not in any common-password list: passes zxcvbn and the 8-char rule. */
export function strongPassword(): string {
  return `Hawl-${randomBytes(9).toString("base64url")}-Qz7!`;
}

// Better Auth checks the Origin of state-changing requests against BASE_URL.
const origin = { origin: baseURL };

/** An address of its own for each account made here (198.18.0.0/15, the benchmarking range). */
/** A visitor address of its own (the server trusts the proxy in e2e): per-address limits apply per person. */
export function clientAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
}

/**
 * A verified, signed-in account made through the API and the real verification e-mail.
 * `request` should be `page.request` (or `context.request`): it shares the browser's cookies,
 * so the page is signed in afterwards.
 */
export async function createSignedInAccount(
  request: APIRequestContext,
  options: { name?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail("shot");
  const password = strongPassword();
  // the server runs with TRUST_PROXY (serve.ts): this account's requests share one address
  const headers = { ...origin, "x-forwarded-for": clientAddress() };
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password, name: options.name ?? "E2E Tester", callbackURL: "/verify-email" },
  });
  expect(signUp.status(), `sign-up answered ${await signUp.text()}`).toBeLessThan(300);

  const link = verificationLink(await waitForMail(email));
  const verified = await request.get(link, { maxRedirects: 0, headers });
  expect(verified.status(), `verification link answered ${verified.status()}`).toBeLessThan(400);

  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  expect(signIn.status(), `sign-in answered ${await signIn.text()}`).toBeLessThan(300);
  return { email, password };
}

/** The Better Auth session as the server sees it (null when signed out). */
export async function currentSession(request: APIRequestContext): Promise<unknown> {
  const response = await request.get("/api/auth/get-session");
  if (!response.ok()) return null;
  return (await response.json().catch(() => null)) as unknown;
}

/**
 * Opens the app once, as a person who signs in passes through it: the app leaves the static
 * pages their signed-in hint (src/web/lib/signed-in-hint.ts), which an account made through
 * the API alone does not have.
 */
export async function openTheAppSignedIn(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
}
