import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { pricesResponseSchema } from "../../src/contracts/prices.ts";
import { Decimal } from "../../src/domain/money/decimal.ts";
import { artifacts, dueText, fillCase, spaces } from "./support/calculator-case.ts";
import { t as text } from "./support/i18n.ts";
import { watchPageHealth, type PageProblem } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 3: "Guests: everything works without an account and, once loaded, with the network off
// (service worker precaches the calculator)" — decision 007. A guest opens the calculator, the
// service worker takes control, the network goes away, and a reload still shows the calculator,
// which switches to offline mode with the last known prices and computes API.md's case.

const c = (key: string, options?: { prefixOnly?: boolean }) =>
  text("en", `calculator:${key}`, options);

/** Every URL in the page's Cache Storage (path and query), with the cache it is in. */
async function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; requestId: string | null }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        const response = await cache.match(request);
        entries.push({
          cache: name,
          url: `${url.pathname}${url.search}`,
          requestId: response?.headers.get("x-request-id") ?? null,
        });
      }
    }
    return entries;
  });
}

test("a guest with the network cut reloads the calculator and still computes", async ({
  page,
  context,
}) => {
  let offline = false;
  // with the network off, the API calls (session check, prices) fail, and only those
  const expectedOffline = (problem: PageProblem) =>
    offline &&
    /ERR_INTERNET_DISCONNECTED/.test(problem.detail) &&
    (problem.kind === "console-error" ||
      (problem.kind === "request-failed" && /^GET \S+\/api\//.test(problem.detail)));
  const health = watchPageHealth(page, { allow: expectedOffline });

  // online: the prices the server answers (the calculator remembers them on this device)
  const pricesAnswer = page.waitForResponse((r) => r.url().includes("/api/prices?currency=EUR"));
  await page.goto("/calculator");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(c("title"));
  const online = pricesResponseSchema.parse(await (await pricesAnswer).json());

  await test.step("the service worker is active and controls the page", async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    // clients.claim(): the first visit is controlled without a reload
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${baseURL}/sw.js`);
  });

  // the guest starts: the first choice is kept on this device
  const cash = page.getByRole("checkbox", { name: c("assets.cash.label") });
  await cash.check();

  const precached = await cachedEntries(page);
  const paths = precached.map((entry) => entry.url.split("?")[0]);
  for (const file of ["/calculator/index.html", "/__spa-fallback.html"]) {
    expect(paths, file).toContain(file);
  }
  // the visitor's language only (issue 12): not the other calculators, nor other pages' chunks
  for (const file of ["/fr/calculator/index.html", "/nl/calculator/index.html"]) {
    expect(paths, file).not.toContain(file);
  }
  expect(paths.some((p) => p!.startsWith("/assets/") && p!.endsWith(".js"))).toBe(true);
  expect(paths.some((p) => /^\/assets\/(dashboard|profile|embed-manager)-/.test(p!))).toBe(false);

  await test.step("with the network cut, a reload still shows the calculator", async () => {
    offline = true;
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(true);
    // the very copy the worker precached, not one fetched now (each answer has its own id)
    const copy = precached.find((entry) => entry.url.startsWith("/calculator/index.html"));
    expect(copy?.requestId).toBeTruthy();
    expect(await response?.headerValue("x-request-id")).toBe(copy?.requestId);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c("title"));
    // the prices could not be fetched: offline mode with the last known ones, and a notice
    // (the e2e server has no price feed: what it answered were the shipped prices)
    const notice =
      online.source === "default" ? "settings.switchedOfflineShipped" : "settings.switchedOffline";
    await expect(page.getByText(c(notice, { prefixOnly: true }), { exact: false })).toBeVisible();
    // the failed session check did not wipe the guest's entries
    await expect(cash).toBeChecked();
    await page.screenshot({ path: path.join(artifacts, "offline-calculator.png"), fullPage: true });
  });

  await test.step("the settings are in offline mode with the last known prices", async () => {
    await page.getByTestId("open-settings").click();
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByRole("radio", { name: new RegExp(c("settings.modes.offline.label")) }),
    ).toBeChecked();
    const gold = await dialog
      .getByLabel(c("settings.goldPrice").replace("{{currency}}", "EUR"))
      .inputValue();
    const silver = await dialog
      .getByLabel(c("settings.silverPrice").replace("{{currency}}", "EUR"))
      .inputValue();
    expect(new Decimal(gold).equals(online.goldPerGram), gold).toBe(true);
    expect(new Decimal(silver).equals(online.silverPerGram), silver).toBe(true);
    await dialog.getByRole("button", { name: c("settings.done") }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("API.md's case computes offline", async () => {
    await fillCase(page, "en", false, 1280);
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText.en);
  });

  // nothing the API answered (session, prices) was stored by the worker, online or offline
  const cached = await cachedEntries(page);
  expect(cached.filter((entry) => entry.url.startsWith("/api/"))).toEqual([]);
  expect(cached.every((entry) => entry.cache.includes("precache"))).toBe(true);

  await context.setOffline(false);
  expect(health.problems, health.describe()).toEqual([]);
});
