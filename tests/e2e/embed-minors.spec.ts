import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { currencyCodes } from "../../src/domain/money/currency.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { artifacts } from "./support/calculator-case.ts";
import { t, type Lang } from "./support/i18n.ts";
import { baseURL } from "./support/ports.ts";

// Issue 30's embed minors in a real browser: every currency of the calculator in the embed and
// its generator and manager; the pay button's default text wholly in the embed's language; a
// usage chart with a scale and dates.

const origin = { origin: baseURL };

// a mosque's site (http://localhost:<port>, an allowed domain) framing `?src=` at 800 px
let host: Server;
let hostOrigin: string;
test.beforeAll(async () => {
  host = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://host").searchParams.get("src");
    if (!src) return void res.writeHead(404).end();
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Mosque</title></head><body>` +
          `<iframe id="embed" src="${src.replace(/&/g, "&amp;")}" title="Zakat"` +
          ` style="width:100%;height:800px;border:0"></iframe></body></html>`,
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

async function createConfig(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/embed-configs", {
    headers: origin,
    data: { name: "Mosque", allowedDomains: ["localhost"], ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; embedKey: string };
}

test("the embed offers every currency the calculator has, and computes in it", async ({ page }) => {
  await page.goto("/embed-generator");
  const select = page.getByLabel(t("en", "embed:generator.form.currency"));
  const offered = await select
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toEqual([...currencyCodes]);
  // chosen again until the page has hydrated and answers
  await expect(async () => {
    await select.selectOption("MAD");
    await expect(page.getByTestId("embed-code")).toHaveValue(/currency=MAD/, { timeout: 1000 });
  }).toPass();

  // the public embed in Moroccan dirhams
  await page.goto("/embed/calculator?lang=fr&currency=MAD");
  await page.getByLabel(t("fr", "calculator:assets.cash.label")).check();
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-progress")).toHaveText(/ 2 /);
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-progress")).toHaveText(/ 3 /);
  await page.getByLabel(/^Espèces \(MAD\)/).fill("200000");
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("zakat-due")).toHaveText(/^5\s000,00\sMAD$/);

  // a managed embed may fix any of them
  await createSignedInAccount(page.request);
  await createConfig(page, { config: { currency: "GBP" } });
  await page.goto("/embed-manager");
  const cardCurrency = page.getByTestId("embed-card").getByTestId("embed-currency");
  await expect(cardCurrency).toHaveValue("GBP");
  const managed = await cardCurrency
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(managed).toEqual(["open", ...currencyCodes]);
});

test("the pay button's default text is wholly in each language, in the manager and the embed", async ({
  page,
}) => {
  await createSignedInAccount(page.request);
  await createConfig(page, {});
  await page.goto("/embed-manager");
  await page.getByTestId("embed-card").getByTestId("embed-edit-cta").click();
  const dialog = page.getByTestId("cta-dialog");
  const sample = (lang: Lang) =>
    t(lang, "embed:cta.default").replace(
      "{{organisation}}",
      t(lang, "embed:manager.cta.organisationSample"),
    );
  // no name typed yet: the sample name is in the label's language too
  await expect(dialog.getByTestId("cta-label-fr")).toHaveAttribute("placeholder", sample("fr"));
  await expect(dialog.getByTestId("cta-label-nl")).toHaveAttribute("placeholder", sample("nl"));
  await expect(dialog.getByTestId("cta-label-en")).toHaveAttribute("placeholder", sample("en"));
  expect(sample("fr")).toBe("Payez votre zakat avec votre organisation");
  await dialog.getByTestId("cta-organisation").fill("Al-Noor");
  await expect(dialog.getByTestId("cta-label-fr")).toHaveAttribute(
    "placeholder",
    "Payez votre zakat avec Al-Noor",
  );

  for (const lang of ["fr", "nl"] as const) {
    const { embedKey } = await createConfig(page, {
      config: { language: lang, currency: "EUR" },
      callToAction: {
        urlTemplate: "https://mosque.example/give?a={amount}",
        organisation: "Al-Noor",
      },
    });
    await page.goto(
      `${hostOrigin}/?src=${encodeURIComponent(`${baseURL}/embed/calculator?key=${embedKey}`)}`,
    );
    const frame = page.frameLocator("#embed");
    await frame.getByLabel(t(lang, "calculator:assets.cash.label")).check();
    await frame.getByTestId("step-next").click();
    await expect(frame.getByTestId("step-progress")).toHaveText(/ 2 /);
    await frame.getByTestId("step-next").click();
    await expect(frame.getByTestId("step-progress")).toHaveText(/ 3 /);
    await frame
      .getByLabel(new RegExp(`^${t(lang, "calculator:fields.cashInHand.label")} \\(EUR\\)`))
      .fill("12000");
    await frame.getByTestId("step-next").click();
    const button = frame.getByTestId("embed-cta-link");
    await expect(button).toContainText(
      t(lang, "embed:cta.default").replace("{{organisation}}", "Al-Noor"),
    );
    await expect(button).not.toContainText(t("en", "embed:cta.default", { prefixOnly: true }));
  }
});

test("the usage chart has a scale, dates under its axis and bars one can see", async ({ page }) => {
  await createSignedInAccount(page.request);
  const { embedKey } = await createConfig(page, {});
  for (const event of ["load", "load", "load", "completed", "completed", "due", "cta"]) {
    const response = await page.request.post("/api/embed/events", {
      headers: origin,
      data: { key: embedKey, event, site: "http://localhost:4000" },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  await page.goto("/embed-manager");
  const card = page.getByTestId("embed-card");
  await card.getByTestId("embed-show-usage").click();
  await expect(card.getByTestId("usage-total-loads")).toHaveText("3");
  const chart = card.getByTestId("usage-chart");
  await expect(chart.getByTestId("usage-chart-max")).toHaveText("3");
  // dates under the axis: the first of the 30 days, and today (the last)
  const dates = chart.getByTestId("usage-chart-date");
  await expect(dates).toHaveCount(5);
  const today = new Date();
  const first = new Date(today.getTime() - 29 * 86_400_000);
  const short = (d: Date) =>
    new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" }).format(d);
  await expect(dates.first()).toHaveText(short(first));
  await expect(dates.last()).toHaveText(short(today));
  // today's column spreads over a thirtieth of the chart, its four bars all visible
  const day = chart.getByTestId("usage-chart-day").last();
  const column = (await day.boundingBox())!;
  const plot = (await chart.locator("ol").boundingBox())!;
  expect(column.width).toBeGreaterThan(plot.width / 30 - 2);
  for (const metric of ["loads", "completed", "due", "ctaClicks"]) {
    const bar = (await day.locator(`[data-metric="${metric}"]`).boundingBox())!;
    expect(bar.width, metric).toBeGreaterThanOrEqual(2);
    expect(bar.height, metric).toBeGreaterThan(10);
  }
  const loads = (await day.locator('[data-metric="loads"]').boundingBox())!;
  expect(loads.width).toBeGreaterThanOrEqual(8);
  expect(loads.height).toBeGreaterThan(plot.height - 4);
  await card.screenshot({ path: path.join(artifacts, "embed-usage-chart.png") });
});
