import { expect, test, type APIRequestContext } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// A signed-in person finds saved calculations in the history (pages of 10, newest first),
// opens one in the calculator, deletes one, and sees the 5 latest on the dashboard.
const origin = { origin: baseURL };

async function saveCalculations(request: APIRequestContext, count: number) {
  const list = workspaceListSchema.parse(await (await request.get("/api/workspaces")).json());
  const ws = list[0]!.id;
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const response = await request.post(`/api/workspaces/${ws}/calculations`, {
      headers: origin,
      data: {
        name: `Zakat ${String(i).padStart(2, "0")}`,
        isCompleted: i % 2 === 1,
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        assetSelection: { cash: true },
        liabilitySelection: {},
        cashAmounts: { cashInHand: String(1000 * i), bankAccounts: [] },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return { ws, ids };
}

test("history pages, opens, deletes; the dashboard shows the 5 latest", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Historian" });
  const { ids } = await saveCalculations(page.request, 11);

  await page.goto("/calculator-history");
  const pageOf = page.getByTestId("history-page-of");
  await expect(pageOf).toHaveText("Page 1 of 2");
  const names = page.getByTestId("calculation-name");
  await expect(names).toHaveCount(10);
  await expect(names.first()).toHaveText("Zakat 11");
  // completed ones show their zakat due: 11,000 × 2.5 % = 275.00
  await expect(page.getByTestId("calculation-item").first()).toContainText("€275.00");

  await page.getByRole("button", { name: t("en", "history:nextPage") }).click();
  await expect(pageOf).toHaveText("Page 2 of 2");
  await expect(names).toHaveCount(1);
  await expect(names.first()).toHaveText("Zakat 01");

  // deleting the last item of the last page goes back to the previous page
  await page.getByTestId("delete-calculation").click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByText(t("en", "history:delete.success"))).toBeVisible();
  await expect(pageOf).toHaveText("Page 1 of 1");
  await expect(names).toHaveCount(10);

  // Load opens the calculation in the calculator
  const loaded = page.waitForResponse(
    (r) => r.request().method() === "GET" && r.url().endsWith(`/calculations/${ids[10]}`),
  );
  await page.getByTestId("load-calculation").first().click();
  await expect(page).toHaveURL(new RegExp(`/calculator\\?load=${ids[10]}(&step=\\d)?$`));
  expect((await loaded).status()).toBe(200);
  await expect(page.getByTestId("load-problem")).toHaveCount(0);

  // the same list in French
  await page.goto("/fr/calculator-history");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(pageOf).toHaveText("Page 1 sur 1");

  await page.goto("/dashboard");
  await expect(page.getByTestId("calculation-item")).toHaveCount(5);
  expect(health.problems, health.describe()).toEqual([]);
});
