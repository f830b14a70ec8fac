import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { calculationListSchema } from "../../src/contracts/calculations.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount, strongPassword, uniqueEmail } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { verificationLink, waitForMail, type ReceivedMail } from "./support/mail.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 5's journey, in two browsers against the production build and a real SMTP server: an
// owner renames the workspace and invites a second person by e-mail; the invitation arrives;
// the second person opens the link, signs up, verifies, comes back to the link, joins and sees
// the owner's calculation; the owner removes them, and their very next request to the
// workspace is refused while the app moves them to their own workspace and says why.
// A second journey (issue 10): someone who already has an account is invited like anyone else,
// is not a member until they accept on their dashboard, and a declined invitation disappears.
// (serve.ts runs the server with DEFAULT_PLAN=standard: the free plan allows no invitations.)

const origin = { origin: baseURL };
const w = (key: string) => t("en", `workspaces:${key}`);
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

const artifacts = path.resolve(import.meta.dirname, "artifacts");
const WORKSPACE = "Family Zakat";
const CALCULATION = "Shared family zakat";

async function firstWorkspaceId(request: APIRequestContext): Promise<string> {
  const list = workspaceListSchema.parse(await (await request.get("/api/workspaces")).json());
  return list[0]!.id;
}

async function saveCalculation(request: APIRequestContext, ws: string) {
  const response = await request.post(`/api/workspaces/${ws}/calculations`, {
    headers: origin,
    data: {
      name: CALCULATION,
      isCompleted: true,
      currency: "EUR",
      prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
      assetSelection: { cash: true },
      liabilitySelection: {},
      cashAmounts: { cashInHand: "20000", bankAccounts: [] },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const invitationLinkOf = (mail: ReceivedMail) =>
  mail.links.find((link) => link.includes("/accept-invitation?token="));

async function switcherText(page: Page) {
  return page.getByRole("banner").getByTestId("workspace-switcher");
}

test("an owner invites a second person, who signs up from the link, joins, sees the shared calculation, is removed and loses access at once", async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerHealth = watchPageHealth(owner);
  const inviteeEmail = uniqueEmail("invitee");
  const inviteePassword = strongPassword();
  let ws = "";

  await test.step("the owner's account, and a calculation in the workspace (API)", async () => {
    await createSignedInAccount(owner.request, { name: "Amina Owner" });
    ws = await firstWorkspaceId(owner.request);
    await saveCalculation(owner.request, ws);
  });

  await test.step("the owner renames the workspace in place (Enter saves)", async () => {
    await owner.goto("/workspace-settings");
    const main = owner.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: w("settings.title") })).toBeVisible();
    await expect(main.getByTestId("workspace-settings-role")).toHaveText(w("roles.owner"));
    await main.getByRole("button", { name: w("settings.editName") }).click();
    const name = main.getByLabel(w("nameLabel"));
    await expect(name).toBeFocused();
    await name.fill(`  ${WORKSPACE} `);
    await name.press("Enter");
    await expect(main.getByTestId("workspace-settings-name")).toHaveText(WORKSPACE);
    await expect(await switcherText(owner)).toContainText(WORKSPACE);
  });

  await test.step("the owner invites the second person as a member", async () => {
    const main = owner.getByRole("main");
    const send = main.getByRole("button", { name: exactly(w("settings.send")) });
    await expect(send).toBeDisabled();
    await main.getByLabel(w("settings.emailLabel")).fill(inviteeEmail);
    await expect(main.getByLabel(w("settings.roleLabel"))).toHaveValue("member");
    await send.click();
    await expect(main.getByTestId("invite-outcome")).toHaveText(
      fill(w("settings.invitedTo"), { email: inviteeEmail }),
    );
    await expect(owner.getByText(w("settings.invitationSent"))).toBeVisible();
    const pending = main.getByRole("region", { name: w("settings.pendingTitle") });
    await expect(pending.getByTestId("invitation-email")).toHaveText([inviteeEmail]);
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.screenshot({
        path: path.join(artifacts, `workspace-settings-owner-${width}.png`),
        fullPage: true,
      });
    }
    await owner.setViewportSize({ width: 1280, height: 720 });
  });

  let link = "";
  await test.step("the invitation e-mail reaches the SMTP server, with a single-use link", async () => {
    const mail = await waitForMail(inviteeEmail, { matching: (m) => !!invitationLinkOf(m) });
    link = invitationLinkOf(mail)!;
    const url = new URL(link);
    expect(url.origin, "the link points at BASE_URL").toBe(baseURL);
    expect(url.pathname).toBe("/accept-invitation");
    // 32 random bytes, base64url
    expect(url.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(WORKSPACE);
  });

  // The second person: a browser of their own, from an address of their own (per-IP limits).
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({
    baseURL,
    locale: "en-US",
    timezoneId: "Europe/Amsterdam",
    extraHTTPHeaders: { "x-forwarded-for": `198.18.${a}.${b}` },
  });
  const invitee = await context.newPage();
  const inviteeHealth = watchPageHealth(invitee, {
    // after the removal: the refused requests to the workspace the test expects
    allow: (p) =>
      (p.kind === "http-error" &&
        p.detail.includes(`/api/workspaces/${ws}/`) &&
        /→ 404$/.test(p.detail)) ||
      (p.kind === "console-error" && /status of 404/.test(p.detail)),
  });

  try {
    await test.step("signed out, the link names the workspace, offers sign-up and sign-in, and remembers itself", async () => {
      await invitee.goto(link);
      await expect(
        invitee.getByRole("heading", { level: 1, name: w("accept.invitedTitle") }),
      ).toBeVisible();
      await expect(invitee.getByTestId("accept-invitation-preview")).toContainText(WORKSPACE);
      await expect(invitee.getByRole("link", { name: w("accept.signIn") })).toBeVisible();
      const stored = await invitee.evaluate(() => localStorage.getItem("auth_redirect_url"));
      expect(stored).toBe(`/accept-invitation${new URL(link).search}`);
    });

    await test.step("they sign up with the invited address and verify it", async () => {
      const main = invitee.getByRole("main");
      await main.getByRole("link", { name: w("accept.signUp") }).click();
      await expect(invitee).toHaveURL(/\/signup$/);
      await main.getByLabel(t("en", "auth:email")).fill(inviteeEmail);
      await main.getByLabel(t("en", "auth:password"), { exact: true }).fill(inviteePassword);
      await main.getByRole("button", { name: exactly(t("en", "auth:signupButton")) }).click();
      await expect(invitee).toHaveURL(/\/verify-email\?sent=1$/);
      const mail = await waitForMail(inviteeEmail, {
        matching: (m) => m.links.some((l) => /verify-email/.test(l)),
      });
      await invitee.goto(verificationLink(mail));
    });

    await test.step("back at the link, they join: Welcome!, then the dashboard in the shared workspace", async () => {
      await expect(
        invitee.getByRole("heading", { level: 1, name: w("accept.welcome") }),
      ).toBeVisible({ timeout: 15_000 });
      await expect(invitee).toHaveURL(/\/accept-invitation\?token=/);
      await expect(invitee.getByText(w("accept.success"))).toBeVisible();
      await expect(invitee).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
      await expect(await switcherText(invitee)).toContainText(WORKSPACE);
      expect(await invitee.evaluate(() => localStorage.getItem("current_workspace_id"))).toBe(ws);
      // the dashboard's reads finish before the next page (none is cut off by the navigation)
      await invitee.waitForLoadState("networkidle");
    });

    await test.step("as a member they see the members and their role, nothing owner-only", async () => {
      await invitee.goto("/workspace-settings");
      const main = invitee.getByRole("main");
      await expect(main.getByTestId("workspace-settings-role")).toHaveText(w("roles.member"));
      await expect(main.getByTestId("member-row")).toHaveCount(2);
      await expect(main.getByTestId("members-list")).toContainText(inviteeEmail);
      await expect(main.getByRole("heading", { name: w("settings.inviteTitle") })).toHaveCount(0);
      await expect(main.getByRole("heading", { name: w("settings.pendingTitle") })).toHaveCount(0);
      await expect(main.getByRole("heading", { name: w("settings.dangerTitle") })).toHaveCount(0);
      await expect(main.getByRole("button", { name: w("settings.editName") })).toHaveCount(0);
      await invitee.setViewportSize({ width: 390, height: 844 });
      await invitee.screenshot({
        path: path.join(artifacts, "workspace-settings-member-390.png"),
        fullPage: true,
      });
      await invitee.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step("they see the owner's calculation in the history", async () => {
      await invitee.goto("/calculator-history");
      await expect(invitee.getByTestId("calculation-name")).toHaveText([CALCULATION]);
    });

    await test.step("the owner sees the new member, no pending invitation, and removes them", async () => {
      await owner.reload();
      const main = owner.getByRole("main");
      const row = main.getByTestId("member-row").filter({ hasText: inviteeEmail });
      await expect(row.getByTestId("member-role")).toHaveText(w("roles.member"));
      await expect(main.getByTestId("invitations-empty")).toHaveText(w("settings.pendingEmpty"));
      await row
        .getByRole("button", { name: fill(w("settings.removeNamed"), { name: inviteeEmail }) })
        .click();
      const dialog = owner.getByRole("alertdialog");
      await expect(dialog).toContainText(w("settings.confirmRemoveMember"));
      await dialog.getByRole("button", { name: exactly(w("settings.remove")) }).click();
      await expect(owner.getByText(w("settings.memberRemoved"))).toBeVisible();
      await expect(main.getByTestId("member-row")).toHaveCount(1);
    });

    await test.step("the removed member loses access at once", async () => {
      // the API refuses them already, exactly as for a workspace that does not exist
      const read = await invitee.request.get(`/api/workspaces/${ws}/calculations?page=1`);
      expect(read.status()).toBe(404);
      // their page still shows the calculation; the next action on it is refused, and the app
      // says why and moves them to their own workspace
      await invitee
        .getByRole("button", {
          name: fill(t("en", "history:item.deleteNamed"), { name: CALCULATION }),
        })
        .click();
      await invitee.getByTestId("confirm-delete").click();
      await expect(invitee.getByText(fill(w("accessLost"), { name: WORKSPACE }))).toBeVisible();
      await expect(await switcherText(invitee)).toContainText("Personal");
      await expect(invitee.getByText(t("en", "history:emptyTitle"))).toBeVisible();
      await expect(invitee.getByTestId("calculation-name")).toHaveCount(0);
      expect(await invitee.evaluate(() => localStorage.getItem("current_workspace_id"))).not.toBe(
        ws,
      );
      // and the switcher no longer offers it
      await (await switcherText(invitee)).click();
      const options = invitee.getByTestId("workspace-option");
      await expect(options).toHaveCount(1);
      await expect(options).toContainText("Personal");
      await invitee.keyboard.press("Escape");
    });

    await test.step("the owner's calculation is untouched", async () => {
      const list = calculationListSchema.parse(
        await (await owner.request.get(`/api/workspaces/${ws}/calculations?page=1`)).json(),
      );
      expect(list.calculations.map((c) => c.name)).toEqual([CALCULATION]);
    });

    expect
      .soft(inviteeHealth.problems, `invitee page problems:\n${inviteeHealth.describe()}`)
      .toEqual([]);
  } finally {
    await context.close();
  }
  expect.soft(ownerHealth.problems, `owner page problems:\n${ownerHealth.describe()}`).toEqual([]);
});

test("an existing account is invited, not added: it accepts one invitation on the dashboard (keyboard) and declines another", async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(120_000);
  const BOOK_CLUB = "Book club";
  let family = "";
  let club = "";
  await test.step("the owner's two workspaces (API)", async () => {
    await createSignedInAccount(owner.request, { name: "Amina Owner" });
    family = await firstWorkspaceId(owner.request);
    const renamed = await owner.request.patch(`/api/workspaces/${family}`, {
      headers: origin,
      data: { name: WORKSPACE },
    });
    expect(renamed.status()).toBe(200);
    const created = await owner.request.post("/api/workspaces", {
      headers: origin,
      data: { name: BOOK_CLUB },
    });
    expect(created.status(), await created.text()).toBe(201);
    club = ((await created.json()) as { id: string }).id;
  });

  const [a, b] = randomBytes(2);
  const context = await browser.newContext({
    baseURL,
    locale: "en-US",
    timezoneId: "Europe/Amsterdam",
    extraHTTPHeaders: { "x-forwarded-for": `198.19.${a}.${b}` },
  });
  const invitee = await context.newPage();
  const health = watchPageHealth(invitee);
  try {
    const { email } = await createSignedInAccount(invitee.request, { name: "Yusuf Invitee" });

    await test.step("with no invitation, the dashboard shows no invitations card", async () => {
      await invitee.goto("/dashboard");
      await expect(invitee.getByTestId("dashboard-page")).toBeVisible();
      await expect(await switcherText(invitee)).toContainText("Personal");
      await expect(invitee.getByTestId("received-invitations")).toHaveCount(0);
    });

    await test.step("the owner invites the existing account to both: the answer is an invitation, nobody is added", async () => {
      for (const [ws, role] of [
        [family, "member"],
        [club, "owner"],
      ] as const) {
        const response = await owner.request.post(`/api/workspaces/${ws}/invitations`, {
          headers: origin,
          data: { email, role },
        });
        expect(response.status(), await response.text()).toBe(201);
        const body = (await response.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(["emailSent", "invitation"]);
      }
      const members = await owner.request.get(`/api/workspaces/${family}/members`);
      expect(((await members.json()) as unknown[]).length).toBe(1);
      expect((await invitee.request.get(`/api/workspaces/${family}/members`)).status()).toBe(404);
      // the e-mail is the invitation with its link, as for any address
      for (const name of [WORKSPACE, BOOK_CLUB]) {
        const mail = await waitForMail(email, {
          matching: (m) => !!invitationLinkOf(m) && m.text.includes(name),
        });
        expect(new URL(invitationLinkOf(mail)!).pathname).toBe("/accept-invitation");
      }
    });

    const card = invitee.getByRole("region", { name: w("received.title") });
    await test.step("the dashboard lists both invitations", async () => {
      await invitee.reload();
      await expect(card).toBeVisible();
      const rows = card.getByTestId("received-invitation");
      await expect(rows).toHaveCount(2);
      await expect(card.getByTestId("received-invitation-name")).toHaveText([WORKSPACE, BOOK_CLUB]);
      await expect(rows.first()).toContainText("Amina Owner");
      for (const width of [1280, 390]) {
        await invitee.setViewportSize({ width, height: 900 });
        await invitee.screenshot({
          path: path.join(artifacts, `dashboard-invitations-${width}.png`),
          fullPage: true,
        });
      }
      await invitee.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step("they accept the first with the keyboard: a member, in the switcher", async () => {
      const accept = card.getByRole("button", {
        name: fill(w("received.acceptNamed"), { name: WORKSPACE }),
      });
      await accept.focus();
      await invitee.keyboard.press("Enter");
      await expect(
        invitee.getByText(fill(w("received.accepted"), { name: WORKSPACE })),
      ).toBeVisible();
      await expect(card.getByTestId("received-invitation")).toHaveCount(1);
      // the keyboard stays in the card
      await expect(card.getByRole("heading", { name: w("received.title") })).toBeFocused();
      await (await switcherText(invitee)).click();
      await expect(invitee.getByTestId("workspace-option")).toHaveCount(2);
      await expect(
        invitee.getByTestId("workspace-option").filter({ hasText: WORKSPACE }),
      ).toHaveCount(1);
      await invitee.keyboard.press("Escape");
      const list = workspaceListSchema.parse(
        await (await invitee.request.get("/api/workspaces")).json(),
      );
      expect(list.map((x) => [x.id, x.role])).toContainEqual([family, "member"]);
    });

    await test.step("they decline the second: it disappears, and so does the card", async () => {
      await card
        .getByRole("button", { name: fill(w("received.declineNamed"), { name: BOOK_CLUB }) })
        .click();
      await expect(
        invitee.getByText(fill(w("received.declined"), { name: BOOK_CLUB })),
      ).toBeVisible();
      await expect(invitee.getByTestId("received-invitations")).toHaveCount(0);
      expect((await invitee.request.get(`/api/workspaces/${club}/members`)).status()).toBe(404);
      const pending = await owner.request.get(`/api/workspaces/${club}/invitations`);
      expect(await pending.json()).toEqual([]);
      await invitee.reload();
      await expect(invitee.getByTestId("dashboard-page")).toBeVisible();
      await expect(invitee.getByTestId("received-invitations")).toHaveCount(0);
    });

    expect.soft(health.problems, `invitee page problems:\n${health.describe()}`).toEqual([]);
  } finally {
    await context.close();
  }
});
