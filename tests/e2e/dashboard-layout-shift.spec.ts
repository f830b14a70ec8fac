import { expect, test, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 12: the signed-in dashboard must not move when its data arrives. Every data request the
// page makes is held back, each for a different time (the session answers at once), so the
// frame, the skeletons and each card's content paint at separate moments; the layout shifts the
// browser reports over the whole load (PerformanceObserver, buffered, as Lighthouse's CLS) must
// add up to less than 0.05, on a phone-sized and on a desktop screen.

/** How long each of the dashboard's data requests is held back, in ms (first match wins). */
const delays: Array<[RegExp, number]> = [
  [/\/api\/workspaces$/, 300],
  [/\/api\/me$/, 700],
  [/\/api\/invitations$/, 1100],
  [/\/api\/workspaces\/[^/]+\/zakat$/, 1500],
  [/\/api\/workspaces\/[^/]+\/calculations/, 1900],
];

async function holdBackData(page: Page) {
  await page.route("**/api/**", async (route) => {
    const { pathname } = new URL(route.request().url());
    const delay =
      route.request().method() === "GET" ? delays.find(([r]) => r.test(pathname)) : null;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay[1]));
    await route.continue();
  });
}

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift from the first paint on (not those right after an input). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? "?");
      const id = node.getAttribute("data-testid");
      return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""}.${node.className}`.slice(
        0,
        120,
      );
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => describe(s.node)),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function accountWithData(page: Page) {
  await createSignedInAccount(page.request, { name: "Steady Reader" });
  const list = workspaceListSchema.parse(await (await page.request.get("/api/workspaces")).json());
  const ws = list[0]!.id;
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const milestone = await page.request.post(`/api/workspaces/${ws}/milestones`, {
    headers: { origin: baseURL },
    data: { date: daysAgo(40), title: "Nisab reached", type: "threshold", today },
  });
  expect(milestone.status(), await milestone.text()).toBeLessThan(300);
  for (let i = 1; i <= 5; i++) {
    const saved = await page.request.post(`/api/workspaces/${ws}/calculations`, {
      headers: { origin: baseURL },
      data: {
        name: `Calculation ${i}`,
        isCompleted: true,
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        assetSelection: { cash: true },
        liabilitySelection: {},
        cashAmounts: { cashInHand: String(1000 * i), bankAccounts: [] },
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
}

test("a new account's dashboard does not move while it loads (phone)", async ({ page }) => {
  const health = watchPageHealth(page);
  await page.setViewportSize({ width: 412, height: 823 });
  await createSignedInAccount(page.request, { name: "New Reader" });
  await holdBackData(page);
  await watchLayoutShifts(page);

  await page.goto("/dashboard");
  await expect(page.getByTestId("nisab-card-empty")).toBeVisible();
  await expect(page.getByTestId("recent-empty")).toBeVisible();
  await page.waitForTimeout(500);

  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(
    total,
    `layout shifts: ${JSON.stringify(shifts.map((s) => [s.value.toFixed(4), ...s.sources]))}`,
  ).toBeLessThan(0.05);
  expect(health.problems, health.describe()).toEqual([]);
});

for (const screen of [
  { name: "phone", viewport: { width: 412, height: 823 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
]) {
  test(`the dashboard does not move when its data arrives late (${screen.name})`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    await page.setViewportSize(screen.viewport);
    await accountWithData(page);
    await holdBackData(page);
    await watchLayoutShifts(page);

    await page.goto("/dashboard");
    await expect(page.getByTestId("nisab-card-date")).toBeVisible();
    await expect(page.getByTestId("timeline-card-past")).toBeVisible();
    await expect(
      page.getByTestId("recent-calculations-card").getByText("Calculation 5"),
    ).toBeVisible();
    // the last answer has been painted; let anything it moves be reported
    await page.waitForTimeout(500);

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(
      total,
      `layout shifts: ${JSON.stringify(shifts.map((s) => [s.value.toFixed(4), ...s.sources]))}`,
    ).toBeLessThan(0.05);
    expect(health.problems, health.describe()).toEqual([]);
  });
}
