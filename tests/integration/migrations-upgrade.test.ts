import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/server/auth/password.ts";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { withDatabase } from "../helpers/database-names.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// Migration safety (issue 10, decision 013): an empty database is migrated one migration at a
// time with drizzle's own migrator; as soon as a table exists it gets representative rows;
// then the real start-up migration takes it to the latest. Every row is still there, and the
// real app signs the stored person in and reads their workspace, calculation and tracker.

const drizzleDir = path.resolve(import.meta.dirname, "../../drizzle");
interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}
const journal = JSON.parse(readFileSync(path.join(drizzleDir, "meta/_journal.json"), "utf8")) as {
  entries: JournalEntry[];
};

const userId = "upgrade-user";
const email = "upgrade@example.test";
const password = "an upgrade password that is long 42";
const workspaceId = "6f1d3c2a-1b2c-4d5e-8f90-0a1b2c3d4e5f";
const calculationId = "0b5a7f9e-3c1d-4e2f-9a8b-7c6d5e4f3a2b";
const obligationId = "9e8d7c6b-5a49-4382-8170-6f5e4d3c2b1a";

/**
 * Rows for each table, written right after the migration that creates it, with the columns of
 * that migration (later migrations must keep them). A table without rows here fails the test:
 * a new table needs its representative rows in the same change.
 */
async function fixtures(): Promise<Record<string, string[]>> {
  const hash = await hashPassword(password);
  const calculation = (id: string, name: string) => `insert into zakat_calculations (id,
      workspace_id, user_id, name, calculation_date, is_completed, asset_selection,
      liability_selection, cash_amounts, gold_silver_amounts, money_owed_amounts,
      shares_business_amounts, liability_amounts, currency, methodology, nissab_method,
      gold_price_per_gram, silver_price_per_gram, total_assets, total_liabilities,
      zakatable_amount, zakat_due, nissab_value, is_above_nissab, created_at)
    values ('${id}', '${workspaceId}', '${userId}', '${name}', '2026-03-01', true,
      '{"cash":true}', '{}', '{"cashInHand":"10000","bankAccounts":[]}', '{}', '{}', '{}', '{}',
      'EUR', '{}', 'silver', '80.00', '0.95', '10000.00', '0.00', '10000.00', '250.00',
      '565.25', true, '2026-03-01T10:00:00Z')`;
  return {
    user: [
      `insert into "user" (id, name, email, email_verified) values ('${userId}', 'Upgrader', '${email}', true)`,
      `insert into "user" (id, name, email, email_verified) values ('upgrade-other', 'Other', 'other-upgrade@example.test', false)`,
    ],
    account: [
      `insert into account (id, account_id, provider_id, user_id, password) values ('upgrade-account', '${userId}', 'credential', '${userId}', '${hash}')`,
    ],
    session: [
      `insert into session (id, expires_at, token, user_id) values ('upgrade-session', now() - interval '1 day', 'expired-token', '${userId}')`,
    ],
    verification: [
      `insert into verification (id, identifier, value, expires_at) values ('upgrade-verification', 'reset-password:old', '${userId}', now() - interval '1 hour')`,
    ],
    rate_limit: [
      `insert into rate_limit (id, key, count, last_request) values ('upgrade-rl', '127.0.0.9/sign-in/email', 1, 0)`,
    ],
    sign_in_failures: [
      `insert into sign_in_failures (email, window_started_at, count) values ('other-upgrade@example.test', now(), 2)`,
    ],
    profiles: [`insert into profiles (id, full_name) values ('${userId}', 'Upgrader')`],
    workspaces: [
      `insert into workspaces (id, name, created_by) values ('${workspaceId}', 'Upgraded home', '${userId}')`,
    ],
    workspace_members: [
      `insert into workspace_members (workspace_id, user_id, role) values ('${workspaceId}', '${userId}', 'owner')`,
      `insert into workspace_members (workspace_id, user_id, role, invited_by) values ('${workspaceId}', 'upgrade-other', 'member', '${userId}')`,
    ],
    daily_prices: [
      `insert into daily_prices (day, currency, gold_per_gram, silver_per_gram, usd_rate, provider, fetched_at) values ('2026-11-20', 'EUR', '111.472985', '1.351938', '0.8634', 'https://api.gold-api.com/price', now())`,
    ],
    price_cache: [
      `insert into price_cache (currency, gold_per_gram, silver_per_gram, provider, fetched_at) values ('EUR', '80.000000', '0.950000', 'https://prices.example', now())`,
    ],
    zakat_calculations: [calculation(calculationId, "Before the upgrade")],
    // the counting triggers come with the next migration: the count is written by hand here
    calculation_counts: [
      `insert into calculation_counts (workspace_id, count) values ('${workspaceId}', 1)`,
    ],
    calculation_idempotency_keys: [
      `insert into calculation_idempotency_keys (workspace_id, key, request_hash, calculation_id, response_status, response_body) values ('${workspaceId}', 'upgrade-key', 'abc', '${calculationId}', 201, '{}')`,
    ],
    milestones: [
      `insert into milestones (workspace_id, user_id, date, title, type, code, end_date) values ('${workspaceId}', '${userId}', '2026-01-10', 'Nisab reached', 'threshold', 'ZTUPGRADE', '2026-12-30')`,
      `insert into milestones (workspace_id, user_id, date, title, type) values ('${workspaceId}', '${userId}', '2026-02-01', 'Sold the car', 'payment')`,
    ],
    obligations: [
      `insert into obligations (id, workspace_id, user_id, due_date, amount, category) values ('${obligationId}', '${workspaceId}', '${userId}', '2026-12-30', '250', 'Zakat')`,
    ],
    obligation_payments: [
      `insert into obligation_payments (obligation_id, workspace_id, amount, paid_on, user_id) values ('${obligationId}', '${workspaceId}', '100', '2026-04-01', '${userId}')`,
    ],
    zakat_states: [
      `insert into zakat_states (workspace_id, user_id, total_due, total_paid) values ('${workspaceId}', '${userId}', '250', '100')`,
    ],
    workspace_invitations: [
      `insert into workspace_invitations (workspace_id, email, role, invited_by, token_hash, expires_at) values ('${workspaceId}', 'invitee@example.test', 'member', '${userId}', '${"a".repeat(64)}', now() + interval '7 days')`,
    ],
    embed_configs: [
      `insert into embed_configs (user_id, embed_key, name, allowed_domains) values ('${userId}', '${"A1b2".repeat(8)}', 'Upgraded embed', '{example.org}')`,
    ],
    embed_usage_daily: [
      `insert into embed_usage_daily (config_id, day, loads, completed, due, cta_clicks) select id, '2026-01-10', 3, 2, 1, 1 from embed_configs where embed_key = '${"A1b2".repeat(8)}'`,
    ],
    invitation_sends: [
      `insert into invitation_sends (workspace_id, invited_by) values ('${workspaceId}', '${userId}')`,
    ],
    calendar_feeds: [
      `insert into calendar_feeds (workspace_id, created_by, token_hash, language) values ('${workspaceId}', '${userId}', '${"c".repeat(64)}', 'fr')`,
    ],
    billing_accounts: [
      `insert into billing_accounts (user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end, last_event_at) values ('${userId}', 'cus_upgrade', 'sub_upgrade', 'standard', 'active', now() + interval '30 days', 1700000000)`,
    ],
    billing_events: [
      `insert into billing_events (id, type) values ('evt_upgrade', 'customer.subscription.updated')`,
    ],
    notification_settings: [
      `insert into notification_settings (user_id, monthly_reviews, language, time_zone) values ('${userId}', true, 'nl', 'Europe/Amsterdam')`,
    ],
    reminder_sends: [
      `insert into reminder_sends (user_id, workspace_id, kind, reminder_key, day) values ('${userId}', '${workspaceId}', 'zakat-due-soon', 'zakat-due-soon:2026-01-10:2026-12-30', '2026-12-30')`,
    ],
    mail_sends: [`insert into mail_sends (recipient, sent_at) values ('${"d".repeat(64)}', now())`],
    passkey: [
      `insert into passkey (id, name, public_key, user_id, credential_id, counter, device_type, backed_up, transports) values ('upgrade-passkey', 'Laptop', 'cHVibGljLWtleQ', '${userId}', 'Y3JlZGVudGlhbA', 3, 'multiDevice', true, 'internal,hybrid')`,
    ],
    two_factor: [
      `insert into two_factor (id, secret, backup_codes, user_id) values ('upgrade-2fa', 'encrypted-secret', 'encrypted-codes', '${userId}')`,
    ],
  };
}

/** A migrations folder holding the first `count` migrations of drizzle/. */
function folderUpTo(root: string, count: number): string {
  const folder = path.join(root, `upto-${count}`);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) {
    copyFileSync(path.join(drizzleDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(
    path.join(folder, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return folder;
}

/** The rows of a raw query's result (both drivers answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function tablesOf(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe(`migrating a populated database from the first migration on ${testEngine()}`, () => {
  let database: Database;
  let dropDatabase: () => Promise<void> = async () => {};
  let root: string;
  const counts = new Map<string, number>();
  const populatedAfter = new Map<string, string>();
  let testApp: TestApp | null = null;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "hawl-migrations-"));
    if (testEngine() === "pglite") {
      database = await openPglite({});
    } else {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `hawl_upgrade_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      database = openPostgres(withDatabase(url, name));
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      };
    }
  });
  afterAll(async () => {
    if (testApp) await testApp.close();
    else await database.close();
    await dropDatabase();
    rmSync(root, { recursive: true, force: true });
  });

  it("keeps every row through every migration, and the app reads them", async () => {
    const rows = await fixtures();
    const migrateTo = (folder: string) =>
      testEngine() === "pglite"
        ? migratePglite(database.db as never, { migrationsFolder: folder })
        : migratePg(database.db as never, { migrationsFolder: folder });

    // rows for every table that exists and has none yet, parents first (the order of `rows`)
    const populate = async (tag: string) => {
      const existing = await tablesOf(database);
      for (const table of existing) {
        expect(rows[table], `no representative rows for table ${table} (at ${tag})`).toBeDefined();
      }
      for (const [table, inserts] of Object.entries(rows)) {
        if (counts.has(table) || !existing.includes(table)) continue;
        for (const statement of inserts) await database.db.execute(sql.raw(statement));
        counts.set(table, await countRows(database, table));
        populatedAfter.set(table, tag);
      }
    };
    // every migration but the last, one at a time
    for (let count = 1; count < journal.entries.length; count++) {
      await migrateTo(folderUpTo(root, count));
      await populate(journal.entries[count - 1]!.tag);
    }
    // then the start-up migration, over the real folder, takes it to the latest
    await database.migrate();
    await populate(journal.entries.at(-1)!.tag);

    // every table got rows before the last migration ran, except those it creates
    const before = [...populatedAfter.values()].filter(
      (tag) => tag !== journal.entries.at(-1)!.tag,
    );
    expect(before.length).toBeGreaterThanOrEqual(15);
    for (const [table, count] of counts) {
      expect(count, table).toBeGreaterThan(0);
      expect(await countRows(database, table), `rows of ${table}`).toBe(count);
    }
    const applied = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rowsOf<{ n: number }>(applied)[0]!.n).toBe(journal.entries.length);

    // a data migration did its work on the stored rows (0008: generated titles get a code)
    const threshold = await database.db.execute(
      sql`select title_code from milestones where code = 'ZTUPGRADE'`,
    );
    expect(rowsOf<{ title_code: string | null }>(threshold)[0]!.title_code).toBe("nisab-reached");

    // 0010/0011: stored milestones start at revision 0, and an update bumps it (the trigger)
    await database.db.execute(sql`update milestones set completed = true where code = 'ZTUPGRADE'`);
    const revised = await database.db.execute(
      sql`select revision, updated_at from milestones where code = 'ZTUPGRADE'`,
    );
    expect(rowsOf<{ revision: number; updated_at: unknown }>(revised)[0]).toMatchObject({
      revision: 1,
    });
    expect(rowsOf<{ updated_at: unknown }>(revised)[0]!.updated_at).not.toBeNull();

    // the real app on the upgraded database
    testApp = await createTestApp({}, { ...relaxedAuthLimits, database });
    const signIn = await testApp.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0]!)
      .join("; ");
    const get = (p: string) => testApp!.request(p, { headers: { cookie } });

    const workspaceList = (await (await get("/api/workspaces")).json()) as {
      id: string;
      name: string;
    }[];
    expect(workspaceList.map((w) => [w.id, w.name])).toEqual([[workspaceId, "Upgraded home"]]);
    const history = await get(`/api/workspaces/${workspaceId}/calculations`);
    expect(history.status).toBe(200);
    expect(await history.json()).toMatchObject({
      totalCount: 1,
      calculations: [expect.objectContaining({ id: calculationId, name: "Before the upgrade" })],
    });
    const zakat = await get(`/api/workspaces/${workspaceId}/zakat`);
    expect(zakat.status).toBe(200);
    expect(await zakat.json()).toMatchObject({ totalDue: "250.00", totalPaid: "100.00" });
    const embeds = (await (await get("/api/embed-configs")).json()) as { name: string }[];
    expect(embeds.map((e) => e.name)).toEqual(["Upgraded embed"]);
    // and writes: a new calculation bumps the count the triggers keep
    const saved = await testApp.request(`/api/workspaces/${workspaceId}/calculations`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        name: "After the upgrade",
        isCompleted: true,
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        assetSelection: { cash: true },
        liabilitySelection: {},
        cashAmounts: { cashInHand: "5000", bankAccounts: [] },
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    expect(await (await get(`/api/workspaces/${workspaceId}/calculations`)).json()).toMatchObject({
      totalCount: 2,
    });
  });
});
