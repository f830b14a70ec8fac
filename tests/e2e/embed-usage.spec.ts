import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { artifacts } from "./support/calculator-case.ts";
import { t } from "./support/i18n.ts";
import { baseURL } from "./support/ports.ts";

// Issue 18 in a real browser: a mosque's page (http://localhost:<port>, an allowed domain)
// frames its keyed embed once; a guest computes zakat due, sees the configuration's pay button
// in Dutch, and the click opens the filled link in a new top-level tab. The embed's beacons
// reach the server, and the owner's manager then shows 1 load, 1 completed, 1 click.

let host: Server;
let hostOrigin: string;

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://host");
    const src = url.searchParams.get("src");
    if (url.pathname !== "/" || !src) return void res.writeHead(404).end();
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Moskee</title></head>` +
          `<body><h1>Onze moskee</h1><iframe id="embed" src="${src.replace(/&/g, "&amp;")}"` +
          ` style="width:100%;height:900px;border:0" title="Zakat calculator"></iframe></body></html>`,
      );
  });
  host.listen(0, "127.0.0.1");
  await once(host, "listening");
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
});

const donate = "https://donate.mosque.example/give";

test("a guest pays through the mosque's button; the manager counts the load, the calculation and the click", async ({
  page,
  browser,
}) => {
  await createSignedInAccount(page.request);
  const created = await page.request.post("/api/embed-configs", {
    headers: { origin: baseURL },
    data: {
      name: "Moskee An-Nour",
      allowedDomains: ["localhost"],
      config: { language: "nl", currency: "EUR" },
      callToAction: {
        urlTemplate: `${donate}?amount={amount}&currency={currency}`,
        organisation: "Moskee An-Nour",
        label: { en: "Give to An-Nour" },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, embedKey } = (await created.json()) as { id: string; embedKey: string };

  // the guest: another browser context, no session, no storage
  const guest = await browser.newContext();
  await guest.route(`${donate}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Bedankt</title><p>Bedankt</p>" }),
  );
  const site = await guest.newPage();
  const beacons: string[] = [];
  site.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/embed/events") {
      beacons.push((JSON.parse(request.postData() ?? "{}") as { event: string }).event);
    }
  });
  await site.goto(
    `${hostOrigin}/?src=${encodeURIComponent(`${baseURL}/embed/calculator?key=${embedKey}`)}`,
  );
  const frame = site.frameLocator("#embed");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(t("nl", "calculator:title"));

  await frame.getByLabel(t("nl", "calculator:assets.cash.label")).check();
  await frame.getByTestId("step-next").click();
  await frame.getByTestId("step-next").click();
  await frame.getByLabel(/^Contant geld \(EUR\)/).fill("12 000");
  await frame.getByTestId("step-next").click();
  await expect(frame.getByTestId("step-title")).toHaveText(
    t("nl", "calculator:steps.results.title"),
  );
  await expect(frame.getByTestId("zakat-due")).toContainText("300,00");

  // the configuration's language: Dutch default text (its English label is not used)
  const button = frame.getByTestId("embed-cta-link");
  await expect(button).toContainText(
    t("nl", "embed:cta.default").replace("{{organisation}}", "Moskee An-Nour"),
  );
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", "noopener");
  const filled = `${donate}?amount=300.00&currency=EUR`;
  await expect(button).toHaveAttribute("href", filled);

  const [tab] = await Promise.all([guest.waitForEvent("page"), button.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(filled);
  // a top-level tab that cannot reach the embed or the mosque's page
  expect(await tab.evaluate(() => window.opener === null && window.top === window)).toBe(true);
  await expect.poll(() => [...beacons].sort()).toEqual(["completed", "cta", "due", "load"]);
  await site.screenshot({ path: path.join(artifacts, "embed-call-to-action.png"), fullPage: true });
  await guest.close();

  // the owner's manager
  await expect
    .poll(async () => {
      const usage = (await (await page.request.get(`/api/embed-configs/${id}/usage`)).json()) as {
        days: { loads: number; ctaClicks: number }[];
      };
      return usage.days.at(-1);
    })
    .toMatchObject({ loads: 1, ctaClicks: 1 });
  await page.goto("/embed-manager");
  const card = page.getByTestId("embed-card");
  await expect(card.getByTestId("embed-cta-host")).toHaveText("donate.mosque.example");
  await card.getByTestId("embed-show-usage").click();
  await expect(card.getByTestId("usage-total-loads")).toHaveText("1");
  await expect(card.getByTestId("usage-total-completed")).toHaveText("1");
  await expect(card.getByTestId("usage-total-due")).toHaveText("1");
  await expect(card.getByTestId("usage-total-ctaClicks")).toHaveText("1");
  // the chart is a picture; its table is there for screen readers
  await expect(card.getByTestId("usage-chart")).toHaveAttribute("aria-hidden", "true");
  await expect(card.getByRole("table")).toHaveCount(1);
  await expect(card.getByTestId("usage-table").locator("tbody tr")).toHaveCount(30);
  const csv = await page.request.get(
    (await card.getByTestId("usage-csv").getAttribute("href")) ?? "",
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/\r\n\d{4}-\d{2}-\d{2},1,1,1,1\r\n$/);
  await page.screenshot({ path: path.join(artifacts, "embed-manager-usage.png"), fullPage: true });
});

test("the manager refuses a javascript: link and shows the host of an https one", async ({
  page,
}) => {
  await createSignedInAccount(page.request);
  const created = await page.request.post("/api/embed-configs", {
    headers: { origin: baseURL },
    data: { name: "Mosque", allowedDomains: ["localhost"] },
  });
  expect(created.status()).toBe(201);
  await page.goto("/embed-manager");
  const card = page.getByTestId("embed-card");
  await card.getByTestId("embed-edit-cta").click();
  const dialog = page.getByTestId("cta-dialog");
  await dialog.getByTestId("cta-url").fill("javascript:alert(1)");
  await dialog.getByTestId("cta-organisation").fill("Masjid An-Nour");
  await dialog.getByTestId("cta-save").click();
  await expect(dialog).toContainText(t("en", "embed:manager.cta.errors.https_only"));
  await dialog.getByTestId("cta-url").fill("https://give.example.org/zakat?eur={amount}");
  await expect(dialog).toContainText("give.example.org");
  await dialog.getByTestId("cta-save").click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("embed-cta-host")).toHaveText("give.example.org");
});
