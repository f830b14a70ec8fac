import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Issue 12: the signed-in header's menus (Radix) are not part of a page's first load. Stand-ins
// with the final look and name hold their place; a click loads the real menu, opened, with the
// keyboard on its first item, and Escape gives the keyboard back to the real trigger.

const menuChunk = /\/assets\/(dropdown-menu|workspace-switcher-menu|actions-menu)-[\w-]+\.js$/;

test("the dashboard loads without the header's menus; a click opens the real one, focus on its first item", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await createSignedInAccount(page.request, { name: "Menu Reader" });
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (menuChunk.test(pathname)) requested.push(pathname);
  });

  await page.goto("/dashboard");
  const banner = page.getByRole("banner");
  // not through the banner: an open (modal) menu hides the rest of the page from the tree
  const switcher = page.getByTestId("workspace-switcher");
  await expect(switcher).toContainText("Personal");
  await expect(switcher).toHaveAccessibleName(
    t("en", "workspaces:switcherLabel").replace("{{name}}", "Personal"),
  );
  await expect(switcher).toHaveAttribute("aria-haspopup", "menu");
  await page.waitForLoadState("networkidle");
  expect(requested, "menu chunks on the first load").toEqual([]);
  const box = await switcher.boundingBox();

  await switcher.click();
  const menu = page.getByTestId("workspace-switcher-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("workspace-option").first()).toBeFocused();
  expect(requested.some((p) => p.includes("workspace-switcher-menu"))).toBe(true);
  // the real trigger took the stand-in's place, same size
  expect(await switcher.boundingBox()).toEqual(box);
  await expect(switcher).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(switcher).toBeFocused();

  const actions = banner.getByRole("button", { name: t("en", "common:nav.actions") });
  await expect(actions).toHaveAttribute("aria-haspopup", "menu");
  await actions.focus();
  await page.keyboard.press("Enter");
  const actionsMenu = page.getByRole("menu");
  await expect(actionsMenu).toBeVisible();
  await expect(actionsMenu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(actions).toBeFocused();

  expect(health.problems, health.describe()).toEqual([]);
});
