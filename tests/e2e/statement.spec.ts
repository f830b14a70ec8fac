import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 33 (decisions 063, 069): on /nisab a person (the e2e server's DEFAULT_PLAN is Standard) downloads the zakat
// statement of the year due on 1 March 2025 (1 Ramadan 1446), which rests on a completed
// calculation; poppler's pdftoppm draws its first page, which must not be blank. The PDF and
// the PNG stay in the test's output folder (test-results/…) for review.

/** The share of pixels of a binary PPM (P6) that are not near-white. */
function inkShare(ppm: Buffer): number {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString("latin1"));
  if (!header) throw new Error("not a binary PPM");
  const [whole, width, height] = header;
  const pixels = ppm.subarray(whole!.length);
  let ink = 0;
  for (let i = 0; i + 2 < pixels.length; i += 3) {
    if (pixels[i]! < 200 || pixels[i + 1]! < 200 || pixels[i + 2]! < 200) ink++;
  }
  return ink / (Number(width) * Number(height));
}

test("download the 1446 AH statement from the tracker; its first page renders", async ({
  page,
}, testInfo) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Statement Tester" });
  const [workspace] = workspaceListSchema.parse(
    await (await page.request.get("/api/workspaces")).json(),
  );
  const base = `/api/workspaces/${workspace!.id}`;
  const headers = { origin: baseURL };
  const threshold = await page.request.post(`${base}/milestones`, {
    headers,
    data: { date: "2024-03-11", type: "threshold", title: "Reached nisab" },
  });
  expect(threshold.status(), await threshold.text()).toBe(201);
  const calculation = await page.request.post(`${base}/calculations`, {
    headers,
    data: {
      name: "Zakat 1446",
      isCompleted: true,
      asOf: "2025-02-27",
      currency: "EUR",
      prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
      rates: { USD: "0.90" },
      cashAmounts: { cashInHand: { amount: "1000", currency: "USD" } },
    },
  });
  expect(calculation.status(), await calculation.text()).toBe(201);

  await page.goto("/nisab");
  const card = page.getByTestId("statement-card");
  const link = card.getByRole("link", { name: "Download the 1446 AH statement" });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("zakat-statement-1446AH-2025-03-01.pdf");
  const pdfPath = testInfo.outputPath("statement-1446.pdf");
  await download.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");

  const pagePrefix = testInfo.outputPath("statement-1446-page");
  execFileSync("pdftoppm", ["-f", "1", "-l", "1", "-r", "60", "-singlefile", pdfPath, pagePrefix]);
  execFileSync("pdftoppm", [
    "-f",
    "1",
    "-l",
    "1",
    "-r",
    "100",
    "-png",
    "-singlefile",
    pdfPath,
    pagePrefix,
  ]);
  const share = inkShare(readFileSync(`${pagePrefix}.ppm`));
  // a page of text: a few percent of its pixels are ink; a blank page has none
  expect(share).toBeGreaterThan(0.01);
  await testInfo.attach("statement page 1", {
    path: `${pagePrefix}.png`,
    contentType: "image/png",
  });
  expect(health.problems).toEqual([]);
});

// The statement action on the history and the dashboard, a year without a calculation, and a
// calculation picked among the year's: the PDF rests on it (poppler reads its text back).
test("history and dashboard offer the statement; a year without a calculation says so; the member picks the calculation", async ({
  page,
}, testInfo) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Statement Picker" });
  const [workspace] = workspaceListSchema.parse(
    await (await page.request.get("/api/workspaces")).json(),
  );
  const base = `/api/workspaces/${workspace!.id}`;
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`${base}${path}`, {
      headers: { origin: baseURL },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await post("/milestones", { date: "2024-03-11", type: "threshold", title: "Reached nisab" });
  // a second zakat year, due 27 February 2026 (1447 AH), with no calculation yet
  await post("/milestones", { date: "2025-03-10", type: "threshold", title: "Again" });
  const calculation = (name: string, asOf: string, cash: string) => ({
    name,
    isCompleted: true,
    asOf,
    currency: "EUR",
    prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
    cashAmounts: { cashInHand: cash },
  });
  await post("/calculations", calculation("Zakat 1446", "2025-02-27", "9000"));
  await post("/calculations", calculation("Early count", "2025-01-15", "7777"));

  for (const path of ["/calculator-history", "/dashboard"]) {
    await page.goto(path);
    const card = page.getByTestId("statement-card");
    const link = card.getByRole("link", { name: "Download the 1446 AH statement" });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename(), path).toBe("zakat-statement-1446AH-2025-03-01.pdf");
  }

  await page.goto("/nisab");
  const card = page.getByTestId("statement-card");
  // newest first: 1447 has no calculation yet, and the way to the calculator
  const missing = card.getByTestId("statement-year").first();
  await expect(missing).toContainText("No calculation for this year yet.");
  await expect(missing.getByRole("link", { name: "Open the calculator" })).toHaveAttribute(
    "href",
    /\/calculator\?new=1$/,
  );

  const select = card.getByLabel("Calculation the statement rests on");
  await expect(select.locator("option")).toHaveText([
    "Zakat 1446 (27 February 2025)",
    "Early count (15 January 2025)",
  ]);
  await select.selectOption({ label: "Early count (15 January 2025)" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download the 1446 AH statement" }).click(),
  ]);
  const pdfPath = testInfo.outputPath("statement-1446-early.pdf");
  await download.saveAs(pdfPath);
  const text = execFileSync("pdftotext", [pdfPath, "-"]).toString().replace(/\s+/g, " ");
  expect(text).toContain("Early count");
  expect(text).toContain("€7,777.00");
  expect(text).not.toContain("Zakat 1446");
  expect(health.problems).toEqual([]);
});
