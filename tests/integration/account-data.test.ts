import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { accountExportSchema, type AccountExport } from "../../src/contracts/me.ts";
import {
  account,
  embedConfigs,
  milestones,
  obligationPayments,
  obligations,
  profiles,
  session,
  user,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  zakatCalculations,
} from "../../src/server/db/schema.ts";
import {
  hashInvitationToken,
  newInvitationToken,
} from "../../src/server/services/membership-records.ts";
import {
  signUpAndSignIn,
  testPassword,
  uniqueEmail,
  type SignedInUser,
} from "../helpers/accounts.ts";
import { parseCsv } from "../helpers/csv.ts";
import { testEngine } from "../helpers/database.ts";
import { checkedTables, changedTables, tableChecksums } from "../helpers/table-checksums.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan, workspacesOf } from "../helpers/workspaces.ts";

// Account data export and deletion (issue 10, GDPR). Alice owns her personal workspace and
// "Family" (Carol a member), co-owns "Shared" with Bob, and is a member of Bob's workspace.

const formulaName = '=HYPERLINK("http://evil.example","click")';

describe(`account export and deletion on ${testEngine()}`, () => {
  let testApp: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let carol: SignedInUser;
  const ws = {} as { alicePersonal: string; family: string; shared: string; bobPersonal: string };
  const calc = {} as Record<string, string>;
  let aliceEmbed: string;
  let aliceFeed: string;
  let bobEmbed: string;

  const db = () => testApp.database.db;

  async function saveCalculation(who: SignedInUser, workspaceId: string, name: string) {
    const response = await who.json("POST", `/api/workspaces/${workspaceId}/calculations`, {
      ...calculateRequestExample,
      name,
      isCompleted: true,
    });
    expect(response.status).toBe(201);
    calc[name] = ((await response.json()) as { id: string }).id;
  }

  async function addWorkspace(name: string, members: [SignedInUser, "owner" | "member"][]) {
    const [row] = await db()
      .insert(workspaces)
      .values({ name, createdBy: members[0]![0].id })
      .returning();
    await db()
      .insert(workspaceMembers)
      .values(members.map(([who, role]) => ({ workspaceId: row!.id, userId: who.id, role })));
    return row!.id;
  }

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    [alice, bob, carol] = await Promise.all([
      signUpAndSignIn(testApp, uniqueEmail("alice"), { name: "Alice" }),
      signUpAndSignIn(testApp, uniqueEmail("bob"), { name: "Bob" }),
      signUpAndSignIn(testApp, uniqueEmail("carol"), { name: "Carol" }),
    ]);
    for (const who of [alice, bob, carol]) await setPlan(testApp, who.id, "pro");
    ws.alicePersonal = (await workspacesOf(alice))[0]!.id;
    ws.bobPersonal = (await workspacesOf(bob))[0]!.id;
    ws.family = await addWorkspace("Family", [
      [alice, "owner"],
      [carol, "member"],
    ]);
    ws.shared = await addWorkspace("Shared", [
      [alice, "owner"],
      [bob, "owner"],
    ]);
    await db().insert(workspaceMembers).values({
      workspaceId: ws.bobPersonal,
      userId: alice.id,
      role: "member",
    });

    await saveCalculation(alice, ws.alicePersonal, formulaName);
    await saveCalculation(carol, ws.family, "Carol in Family");
    await saveCalculation(alice, ws.shared, "Alice in Shared");
    await saveCalculation(bob, ws.shared, "Bob in Shared");
    await saveCalculation(alice, ws.bobPersonal, "Alice at Bob's");
    await saveCalculation(bob, ws.bobPersonal, "Bob's own");

    const milestone = await alice.json("POST", `/api/workspaces/${ws.alicePersonal}/milestones`, {
      date: "2026-01-10",
      title: "+Threshold",
      type: "threshold",
    });
    expect(milestone.status).toBe(201);
    const record = await alice.json("POST", `/api/workspaces/${ws.alicePersonal}/obligations`, {
      amount: "100",
      category: "@Zakat",
      dueDate: "2026-12-01",
    });
    expect(record.status).toBe(201);
    const recordId = ((await record.json()) as { id: string }).id;
    const payment = await alice.json(
      "POST",
      `/api/workspaces/${ws.alicePersonal}/obligations/${recordId}/payments`,
      { amount: "40", paidOn: "2026-02-01" },
    );
    expect(payment.status).toBe(201);

    const embed = async (who: SignedInUser, name: string) => {
      const response = await who.json("POST", "/api/embed-configs", {
        name,
        allowedDomains: [`${randomUUID().slice(0, 8)}.example.org`],
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    aliceEmbed = await embed(alice, "Alice's embed");
    bobEmbed = await embed(bob, "Bob's embed");
    // a calendar feed of Alice's in Shared: its token's hash never leaves the server
    const feed = await alice.json("POST", `/api/workspaces/${ws.shared}/calendar-feeds`, {});
    expect(feed.status).toBe(201);
    aliceFeed = ((await feed.json()) as { id: string }).id;

    // invitations: Alice invites someone into Shared (which stays), Bob invites Alice's address
    // into his workspace... she is a member there already, so into a workspace of his alone
    const bobSolo = await addWorkspace("Bob solo", [[bob, "owner"]]);
    for (const [workspaceId, email, invitedBy] of [
      [ws.shared, "dave@example.test", alice.id],
      [bobSolo, alice.email, bob.id],
      [ws.shared, "erin@example.test", bob.id],
    ] as const) {
      await db()
        .insert(workspaceInvitations)
        .values({
          workspaceId,
          email,
          role: "member",
          invitedBy,
          tokenHash: hashInvitationToken(newInvitationToken()),
          expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        });
    }
  });
  afterAll(() => testApp.close());

  /** the body as sent, byte-order mark included (Response.text() drops it) */
  async function withBom(response: Response): Promise<string> {
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  }

  async function exportOf(who: SignedInUser): Promise<{ data: AccountExport; text: string }> {
    const response = await who.request("/api/me/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hawl-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    return { data: accountExportSchema.parse(JSON.parse(text)), text };
  }

  it("exports exactly the account's data: owned workspaces whole, elsewhere what it wrote", async () => {
    const saved = await alice.json("PATCH", "/api/me/notification-settings", { language: "fr" });
    expect(saved.status).toBe(200);
    const { data, text } = await exportOf(alice);
    const t = data.tables;
    expect(t.profile).toEqual([
      expect.objectContaining({ id: alice.id, email: alice.email, fullName: "Alice" }),
    ]);
    expect(new Set(t.workspaces.map((w) => w.id))).toEqual(
      new Set([ws.alicePersonal, ws.family, ws.shared, ws.bobPersonal]),
    );
    expect(t.workspaces.find((w) => w.id === ws.bobPersonal)).toMatchObject({ yourRole: "member" });
    expect(new Set(t.calculations.map((c) => c.name))).toEqual(
      new Set([
        formulaName,
        "Carol in Family",
        "Alice in Shared",
        "Bob in Shared",
        "Alice at Bob's",
      ]),
    );
    // members of the workspaces she owns (with e-mails), not of Bob's
    expect(new Set(t.members.map((m) => `${m.workspaceId} ${m.email}`))).toEqual(
      new Set([
        `${ws.alicePersonal} ${alice.email}`,
        `${ws.family} ${alice.email}`,
        `${ws.family} ${carol.email}`,
        `${ws.shared} ${alice.email}`,
        `${ws.shared} ${bob.email}`,
      ]),
    );
    expect(t.milestones.map((m) => m.title)).toEqual(["+Threshold"]);
    expect(t.records.map((r) => r.category)).toEqual(["@Zakat"]);
    expect(t.payments).toEqual([expect.objectContaining({ amount: "40", paidOn: "2026-02-01" })]);
    expect(t.zakatStates.map((s) => s.workspaceId)).toEqual([ws.alicePersonal]);
    expect(t.embedConfigs.map((e) => e.id)).toEqual([aliceEmbed]);
    expect(t.calendarFeeds.map((f) => [f.id, f.workspaceId])).toEqual([[aliceFeed, ws.shared]]);
    expect(t.notificationSettings).toEqual([
      expect.objectContaining({ userId: alice.id, language: "fr", emailReminders: true }),
    ]);
    expect(t.reminderSends).toEqual([]);
    expect(new Set(t.invitations.map((i) => i.email))).toEqual(
      new Set(["dave@example.test", "erin@example.test"]),
    );
    // never a secret: password hash, session token, invitation token hash
    const [credential] = await db().select().from(account).where(eq(account.userId, alice.id));
    const sessions = await db().select().from(session).where(eq(session.userId, alice.id));
    expect(text).not.toContain(credential!.password!);
    expect(text).not.toContain("argon2");
    for (const s of sessions) expect(text).not.toContain(s.token);
    expect(text).not.toMatch(/tokenHash|token_hash|password/i);

    // Bob's export has nothing of Family, nor Alice's personal data
    const bobs = (await exportOf(bob)).data.tables;
    expect(bobs.calculations.map((c) => c.name)).not.toContain("Carol in Family");
    expect(bobs.calculations.map((c) => c.name)).not.toContain(formulaName);
    expect(bobs.embedConfigs.map((e) => e.id)).toEqual([bobEmbed]);
    expect(bobs.calendarFeeds).toEqual([]);
    expect(bobs.notificationSettings).toEqual([]);
    expect(bobs.profile.map((p) => p.email)).toEqual([bob.email]);
  });

  it("gives each table as CSV with formula cells escaped", async () => {
    const response = await alice.request("/api/me/export.csv?table=calculations&lang=en");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hawl-calculations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await withBom(response);
    expect(csv.startsWith("\uFEFFCalculation ID,Workspace ID,Created by (account ID),Name,")).toBe(
      true,
    );
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(1 + 5);

    const milestonesCsv = await (await alice.request("/api/me/export.csv?table=milestones")).text();
    expect(milestonesCsv).toContain(",'+Threshold,");
    const recordsCsv = await (await alice.request("/api/me/export.csv?table=records")).text();
    expect(recordsCsv).toContain(",'@Zakat,");
    // full-width equals sign and a zero-width space in front (src/server/csv.ts)
    expect((await alice.json("PATCH", "/api/me", { fullName: "\uFF1Dcmd" })).status).toBe(200);
    const profileCsv = await (await alice.request("/api/me/export.csv?table=profile")).text();
    expect(profileCsv).toContain(",'\uFF1Dcmd,");
    // (written directly: whether a name may start with it is the text guard's business)
    await db().update(workspaces).set({ name: "\u200B=1+1" }).where(eq(workspaces.id, ws.family));
    const workspacesCsv = await (await alice.request("/api/me/export.csv?table=workspaces")).text();
    expect(workspacesCsv).toContain(",'\u200B=1+1,");
    // an empty table still has its header
    const carolsStates = await withBom(
      await carol.request("/api/me/export.csv?table=zakatStates&lang=en"),
    );
    expect(carolsStates).toMatch(/^\uFEFFWorkspace ID,Created by \(account ID\),Total due,/);
    expect(carolsStates.split("\r\n").filter(Boolean)).toHaveLength(1);

    const unknown = await alice.request("/api/me/export.csv?table=account");
    expect(unknown.status).toBe(400);
    expect((await testApp.request("/api/me/export")).status).toBe(401);
    expect((await testApp.request("/api/me/export.csv?table=profile")).status).toBe(401);
  });

  // Issue 30: spreadsheets for people: headers and words in the account's language, no JSON in
  // a cell, a calculation's asset and liability lines one row each.
  it("writes readable CSVs: headers and words in the account's language, one row per line", async () => {
    const csvOf = async (who: SignedInUser, query: string, init?: RequestInit) =>
      parseCsv(await withBom(await who.request(`/api/me/export.csv?table=${query}`, init)));

    // the page's language when the link says it
    const calculations = await csvOf(alice, "calculations&lang=en");
    expect(calculations.header).toContain("Above nisab");
    expect(calculations.header.join()).not.toMatch(/nissab|isAbove|[a-z][A-Z]/);
    const mine = calculations.rows.find((row) => row.Name === `'${formulaName}`)!;
    expect(mine).toMatchObject({
      Status: "Completed",
      Method: "Standard",
      "Nisab basis": "The lower of gold and silver",
      "Nisab weights": "85 g gold / 595 g silver",
      Currency: "EUR",
      "Above nisab": "Yes",
    });
    for (const row of calculations.rows) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[[{]/);
    }

    const lines = await csvOf(alice, "calculationLines&lang=en");
    const ofMine = lines.rows.filter((row) => row["Calculation ID"] === calc[formulaName]);
    expect(
      ofMine.map((row) => [row["Asset or liability"], row.Item, row.Amount, row.Unit]),
    ).toEqual([
      ["Asset", "Cash in hand", "500", "EUR"],
      ["Asset", "Bank account", "12000", "EUR"],
      ["Asset", "Gold (savings)", "20", "grams (24 carat)"],
      ["Liability", "Personal loans", "1000", "EUR"],
    ]);
    expect(ofMine[1]!.Label).toBe("Savings");
    expect(ofMine.map((row) => row["Category included"])).toEqual(["Yes", "Yes", "Yes", "Yes"]);
    // every saved calculation of the export has its lines (the example's four each)
    expect(lines.rows).toHaveLength(4 * calculations.rows.length);

    // else the language Alice chose for her reminders (French), whatever the browser says
    const french = await csvOf(alice, "calculations", { headers: { "Accept-Language": "nl" } });
    expect(french.header).toContain("Au-dessus du nisab");
    const frenchMine = french.rows.find((row) => row.Nom === `'${formulaName}`)!;
    expect(frenchMine["Au-dessus du nisab"]).toBe("Oui");
    expect(frenchMine.Statut).toBe("Terminé");
    // else the browser's (Carol chose none)
    const dutch = await csvOf(carol, "calculationLines", { headers: { "Accept-Language": "nl" } });
    expect(dutch.header.slice(0, 3)).toEqual(["Berekening-id", "Berekening", "Datum"]);
    expect(dutch.rows[0]!["Bezit of schuld"]).toBe("Bezit");
  });

  it("refuses a wrong or missing password and deletes nothing", async () => {
    const tables = await checkedTables(testApp.database);
    const before = await tableChecksums(testApp.database, tables);
    const wrong = await alice.json("DELETE", "/api/me", { password: "not my password 42" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "PASSWORD_INCORRECT" } });
    const missing = await alice.json("DELETE", "/api/me", {});
    expect(missing.status).toBe(400);
    const anonymous = await testApp.request("/api/me", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: testPassword }),
    });
    expect(anonymous.status).toBe(401);
    expect(changedTables(before, await tableChecksums(testApp.database, tables))).toEqual([]);
    expect((await alice.request("/api/me")).status).toBe(200);
  });

  it("holds password guesses: beyond 10 wrong ones an hour, 429 even with the right one", async () => {
    const tables = await checkedTables(testApp.database);
    const before = await tableChecksums(testApp.database, tables);
    for (let i = 0; i < 10; i++) {
      const wrong = await carol.json("DELETE", "/api/me", { password: `guess number ${i} x` });
      expect(wrong.status).toBe(403);
    }
    const held = await carol.json("DELETE", "/api/me", { password: testPassword });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await held.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect(changedTables(before, await tableChecksums(testApp.database, tables))).toEqual([]);
    expect((await carol.request("/api/me")).status).toBe(200);
  });

  it("deletes the account, its sole-owned workspaces and memberships; other owners keep theirs", async () => {
    const otherSession = await testApp.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: alice.email, password: testPassword }),
    });
    const otherCookie = otherSession.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0]!)
      .join("; ");

    const response = await alice.json("DELETE", "/api/me", { password: testPassword });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/hawl\.session_token=;.*Max-Age=0/i);

    // the account and everything only it held
    expect(await db().select().from(user).where(eq(user.id, alice.id))).toEqual([]);
    expect(await db().select().from(profiles).where(eq(profiles.id, alice.id))).toEqual([]);
    expect(await db().select().from(session).where(eq(session.userId, alice.id))).toEqual([]);
    expect(await db().select().from(account).where(eq(account.userId, alice.id))).toEqual([]);
    expect(
      await db().select().from(workspaceMembers).where(eq(workspaceMembers.userId, alice.id)),
    ).toEqual([]);
    const left = await db()
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(inArray(workspaces.id, Object.values(ws)));
    expect(new Set(left.map((w) => w.id))).toEqual(new Set([ws.shared, ws.bobPersonal]));
    for (const table of [zakatCalculations, milestones, obligations, obligationPayments]) {
      const rows = await db()
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.workspaceId, [ws.alicePersonal, ws.family]));
      expect(rows).toEqual([]);
    }
    expect(await db().select().from(embedConfigs).where(eq(embedConfigs.id, aliceEmbed))).toEqual(
      [],
    );
    expect((await db().select().from(workspaceInvitations)).map((i) => i.email).sort()).toEqual([
      "erin@example.test",
    ]);

    // Shared and Bob's workspace stay, with what Alice wrote there (no longer hers)
    const kept = await db()
      .select({ name: zakatCalculations.name, userId: zakatCalculations.userId })
      .from(zakatCalculations)
      .where(inArray(zakatCalculations.workspaceId, [ws.shared, ws.bobPersonal]));
    expect(new Set(kept.map((c) => c.name))).toEqual(
      new Set(["Alice in Shared", "Bob in Shared", "Alice at Bob's", "Bob's own"]),
    );
    expect(kept.find((c) => c.name === "Alice in Shared")!.userId).toBeNull();
    const sharedList = await bob.request(`/api/workspaces/${ws.shared}/calculations`);
    expect(sharedList.status).toBe(200);
    expect(((await sharedList.json()) as { totalCount: number }).totalCount).toBe(2);
    const sharedMembers = (await (
      await bob.request(`/api/workspaces/${ws.shared}/members`)
    ).json()) as { email: string; role: string }[];
    expect(sharedMembers.map((m) => [m.email, m.role])).toEqual([[bob.email, "owner"]]);
    expect(
      await db().select().from(embedConfigs).where(eq(embedConfigs.id, bobEmbed)),
    ).toHaveLength(1);
    // Carol lost Family with it, and still has her own workspace
    expect((await workspacesOf(carol)).map((w) => w.id)).not.toContain(ws.family);
    expect(await workspacesOf(carol)).toHaveLength(1);

    // the old session cookies are dead, and the password signs in no more
    expect((await alice.request("/api/me")).status).toBe(401);
    const other = await testApp.request("/api/me", { headers: { cookie: otherCookie } });
    expect(other.status).toBe(401);
    const signIn = await testApp.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: alice.email, password: testPassword }),
    });
    expect(signIn.status).toBe(401);
  });
});
