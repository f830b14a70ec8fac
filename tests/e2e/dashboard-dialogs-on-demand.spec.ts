import { expect, test, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { t, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 12: the dashboard's dialogs (Radix Dialog and AlertDialog) are not part of its first
// load. The buttons that open them are there with their final name; the dialog's chunk is asked
// for on the way to a click (pointer or focus) at the earliest, the dialog then opens with the
// keyboard inside it, and closing it gives focus back to the button. In every language.

const dialogChunk =
  /\/assets\/(dialog|confirm-dialog|add-milestone-dialog|review-setup-dialog|congratulations-dialog|date-picker|select-field)-[\w-]+\.js$/;

function watchDialogChunks(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (dialogChunk.test(pathname)) requested.push(pathname);
  });
  return requested;
}

// Issue 12 (decision 035): the signed-in dashboard's first load needs neither the `auth` catalog
// (the route guard's spinner says "Loading…" from `common`) nor the `errors` catalog (the
// tracker cards load it when they have an error to show).
// (a hash may hold a dash: the namespace is matched by name, not cut out of the file name)
const notOnFirstLoad = /\/assets\/locale-\w+-(auth|errors)-[\w-]+\.js$/;

function watchCatalogs(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes("/assets/locale-")) requested.push(pathname);
  });
  return requested;
}

// Issue 12: neither zod (the answers of the first load are checked by the parsers generated from
// the contracts, decision 035) nor decimal.js (the tracker's money arithmetic, for its forms and
// the records card) comes with the signed-in dashboard's first load.
const libraryNotOnFirstLoad = /\/assets\/(zod|decimal)-[\w-]+\.js$/;

function watchLibraries(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (libraryNotOnFirstLoad.test(pathname)) requested.push(pathname);
  });
  return requested;
}

const prefix = (lang: Lang) => (lang === "en" ? "" : `/${lang}`);

for (const lang of ["en", "fr", "nl", "ar", "tr"] as const) {
  test(`${lang}: the dashboard loads without its dialogs, zod or decimal.js; the add-milestone dialog opens from the keyboard and gives focus back`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    await createSignedInAccount(page.request, { name: "Dialog Reader" });
    const requested = watchDialogChunks(page);
    const catalogs = watchCatalogs(page);
    const libraries = watchLibraries(page);

    await page.goto(`${prefix(lang)}/dashboard`);
    const card = page.getByTestId("timeline-card");
    const add = card.getByRole("button", { name: t(lang, "dashboard:timelineAdd") });
    await expect(add).toBeVisible();
    await expect(card.getByTestId("timeline-card-empty")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requested, "dialog chunks on the first load").toEqual([]);
    expect(catalogs.some((p) => p.includes(`/locale-${lang}-dashboard-`))).toBe(true);
    expect(
      catalogs.filter((p) => notOnFirstLoad.test(p)),
      "catalogs the first load does not need",
    ).toEqual([]);
    expect(libraries, "zod or decimal.js on the first load").toEqual([]);

    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: t(lang, "tracker:addMilestone.title") });
    await expect(dialog).toBeVisible();
    expect(requested.some((p) => p.includes("add-milestone-dialog"))).toBe(true);
    // Radix moved the keyboard into the dialog
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // a second opening renders the loaded dialog at once
    await add.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: t(lang, "tracker:dialog.close") }).click();
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    expect(health.problems, health.describe()).toEqual([]);
  });
}

test("with an invitation waiting, the first load still needs neither the errors catalog nor zod; declining it loads what it needs", async ({
  page,
  browser,
}) => {
  const health = watchPageHealth(page);
  const { email } = await createSignedInAccount(page.request, { name: "Invited Reader" });
  // an owner elsewhere invites this account (serve.ts: the standard plan allows invitations)
  const owner = await browser.newContext();
  await createSignedInAccount(owner.request, { name: "Inviting Owner" });
  const owned = workspaceListSchema.parse(
    await (await owner.request.get("/api/workspaces")).json(),
  );
  const invited = await owner.request.post(`/api/workspaces/${owned[0]!.id}/invitations`, {
    headers: { origin: baseURL },
    data: { email },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await owner.close();
  const catalogs = watchCatalogs(page);
  const libraries = watchLibraries(page);

  await page.goto("/dashboard");
  const row = page.getByTestId("received-invitation");
  await expect(row).toBeVisible();
  await expect(page.getByTestId("timeline-card-empty")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(
    catalogs.filter((p) => notOnFirstLoad.test(p)),
    "catalogs the first load does not need",
  ).toEqual([]);
  expect(libraries, "zod or decimal.js on the first load").toEqual([]);

  // the decline's declaration comes with the click, and the invitation goes
  await row.getByTestId("decline-received-invitation").click();
  await expect(page.getByTestId("received-invitations")).toBeHidden();
  expect(libraries.some((p) => p.includes("/zod-"))).toBe(true);

  expect(health.problems, health.describe()).toEqual([]);
});

test("the confirmations load on first use: a milestone's remove button stands in with its name, then confirms", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Confirm Reader" });
  const list = workspaceListSchema.parse(await (await page.request.get("/api/workspaces")).json());
  const base = `/api/workspaces/${list[0]!.id}`;
  // ten days ago: before the reader's today whatever the time zones
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const created = await page.request.post(`${base}/milestones`, {
    data: {
      date: day(Date.now() - 10 * 86_400_000),
      title: "Sadaqa",
      type: "payment",
      today: day(Date.now() - 86_400_000),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const requested = watchDialogChunks(page);

  await page.goto("/dashboard");
  const card = page.getByTestId("timeline-card");
  // by test id: an open (modal) dialog hides the rest of the page from the accessibility tree
  const remove = card.getByTestId("remove-milestone");
  await expect(remove).toHaveAccessibleName(
    t("en", "tracker:timeline.remove").replace("{{title}}", "Sadaqa"),
  );
  await expect(remove).toHaveAttribute("aria-haspopup", "dialog");
  await page.waitForLoadState("networkidle");
  expect(requested, "dialog chunks on the first load").toEqual([]);
  const box = await remove.boundingBox();

  await remove.click();
  const confirm = page.getByTestId("remove-milestone-dialog");
  await expect(confirm).toBeVisible();
  expect(requested.some((p) => p.includes("confirm-dialog"))).toBe(true);
  await expect(confirm).toHaveAttribute("role", "alertdialog");
  await expect(
    confirm.getByRole("button", { name: t("en", "tracker:removeConfirm.cancel") }),
  ).toBeFocused();
  // the real trigger took the stand-in's place, same size and name
  expect(await remove.boundingBox()).toEqual(box);
  await expect(remove).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByTestId("confirm-remove-milestone").click();
  await expect(card.getByTestId("timeline-card-empty")).toBeVisible();

  expect(health.problems, health.describe()).toEqual([]);
});
