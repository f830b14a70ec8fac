import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 15: a person creates a calendar feed in workspace settings with the keyboard, reads
// its secret URL, a calendar app (a client without any cookie) fetches it and finds the
// milestone; revoked after confirmation, the same URL answers 404.

test("create a calendar feed in workspace settings, fetch it, revoke it", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Feed Tester" });
  const [workspace] = workspaceListSchema.parse(
    await (await page.request.get("/api/workspaces")).json(),
  );
  const added = await page.request.post(`/api/workspaces/${workspace!.id}/milestones`, {
    headers: { origin: baseURL },
    data: { date: "2026-03-01", title: "Pay zakat to the mosque", type: "due" },
  });
  expect(added.status()).toBe(201);

  await page.goto("/workspace-settings");
  const card = page.getByTestId("calendar-feeds-card");
  await expect(card.getByRole("heading", { name: "Calendar feeds" })).toBeVisible();
  await expect(card.getByTestId("calendar-feeds-empty")).toBeVisible();
  const create = card.getByRole("button", { name: "Create a calendar link" });
  await create.focus();
  await page.keyboard.press("Enter");

  const url = await card.getByLabel("Calendar link", { exact: true }).inputValue();
  expect(url).toMatch(
    new RegExp(`^${baseURL}/api/workspaces/${workspace!.id}/calendar\\.ics\\?token=[\\w-]{43}$`),
  );
  await expect(card.getByTestId("calendar-feed-webcal")).toHaveAttribute(
    "href",
    url.replace(/^http:/, "webcal:"),
  );
  await expect(card.getByTestId("calendar-feed-row")).toHaveCount(1);

  // on a phone the card with its long URL fits, and axe finds nothing serious
  await page.setViewportSize({ width: 360, height: 800 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="calendar-feeds-card"]')
    .analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);

  const calendarApp = await playwrightRequest.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toContain("SUMMARY:Pay zakat to the mosque\r\n");
  expect(text).toContain("DTSTART;VALUE=DATE:20260301\r\n");

  await card.getByRole("button", { name: /Revoke the calendar link created on/ }).click();
  await page.getByTestId("revoke-calendar-feed-dialog-confirm").click();
  await expect(card.getByTestId("calendar-feeds-empty")).toBeVisible();
  const revoked = await calendarApp.get(url);
  expect(revoked.status()).toBe(404);
  expect(await revoked.json()).toEqual({
    error: { code: "NOT_FOUND", message: "Calendar feed not found." },
  });
  await calendarApp.dispose();
  expect(health.problems).toEqual([]);
});
