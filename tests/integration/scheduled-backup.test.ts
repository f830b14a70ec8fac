import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBackup } from "../../src/server/backup/archive.ts";
import { openPostgres, type Database } from "../../src/server/db/client.ts";
import { createBackground } from "../../src/server/jobs/background.ts";
import { backupQueue } from "../../src/server/jobs/scheduled-backup.ts";
import type { Mailer } from "../../src/server/mail/mailer.ts";
import { createTestDatabase, testEngine } from "../helpers/database.ts";
import { templateDatabaseName, withDatabase } from "../helpers/database-names.ts";
import { adminCommand } from "../helpers/server-process.ts";

// The daily backup job (decision 060), off unless BACKUP_DIR is set, on both engines: today's
// file, 0600 in a 0700 directory, the older ones past BACKUP_KEEP_DAYS deleted and nothing
// else touched; scheduled in pg-boss only while configured. PostgreSQL: pg_dump's custom
// format, which pg_restore reads back; `npm run admin -- backup` says so when pg_dump is missing.

const engine = testEngine();
const journalLength = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] }
).entries.length;
const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
const noMail: Mailer = { send: async () => {}, outbox: () => null };

describe(`the daily backup on ${engine}`, () => {
  let tempDir: string;
  let database: Database;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    tempDir = mkdtempSync(path.join(tmpdir(), "hawl-daily-backup-"));
    if (engine === "pglite") {
      database = await createTestDatabase();
      return;
    }
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `hawl_backup_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
    await admin.end();
    databaseUrl = withDatabase(adminUrl, name);
    database = openPostgres(databaseUrl);
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await drop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  const background = (env: { BACKUP_DIR?: string }) =>
    createBackground({
      env: {
        BASE_URL: "http://127.0.0.1:1",
        BETTER_AUTH_SECRET: "x".repeat(32),
        WORKERS: true,
        DATABASE_URL: databaseUrl,
        BACKUP_KEEP_DAYS: 3,
        ...env,
      },
      database,
      logger: pino({ level: "silent" }),
      delivery: noMail,
      now: () => new Date("2026-11-28T03:15:00Z"),
    });

  it("writes today's backup, keeps BACKUP_KEEP_DAYS days, and is scheduled only while on", async () => {
    const dir = path.join(tempDir, "backups");
    mkdirSync(dir, { mode: 0o700 });
    const suffix = engine === "pglite" ? "tar.gz" : "pgdump";
    const old = `hawl-2026-11-24T03-15-00Z.${suffix}`;
    const recent = `hawl-2026-11-26T03-15-00Z.${suffix}`;
    for (const name of [old, recent, "notes.txt", "hawl-2020-01-01-by-hand.tar.gz"]) {
      writeFileSync(path.join(dir, name), "");
    }
    const on = background({ BACKUP_DIR: dir });
    await on.start();
    try {
      const outcome = await on.backupNow!();
      expect(path.basename(outcome.file)).toBe(`hawl-2026-11-28T03-15-00Z.${suffix}`);
      expect(outcome.removed).toEqual([old]);
      for (const kept of [recent, "notes.txt", "hawl-2020-01-01-by-hand.tar.gz"]) {
        expect(existsSync(path.join(dir, kept)), kept).toBe(true);
      }
      expect(statSync(outcome.file).mode & 0o777).toBe(0o600);
      expect(statSync(outcome.file).size).toBe(outcome.bytes);
      if (engine === "pglite") {
        const { manifest } = await openBackup(readFileSync(outcome.file));
        expect(manifest.migrations.count).toBe(journalLength);
      } else {
        const list = spawnSync("pg_restore", ["--list", outcome.file], { encoding: "utf8" });
        expect(list.status).toBe(0);
        expect(list.stdout).toMatch(/TABLE DATA public zakat_calculations/);
      }
      const scheduled = await database.executeSql(
        `select cron, timezone from pgboss.schedule where name = '${backupQueue}'`,
      );
      expect(rowsOf(scheduled)).toEqual([{ cron: "15 3 * * *", timezone: "UTC" }]);
    } finally {
      await on.stop();
    }
    const off = background({});
    expect(off.backupNow).toBeNull();
    await off.start();
    await off.stop();
    const left = await database.executeSql(
      `select count(*)::int as n from pgboss.schedule where name = '${backupQueue}'`,
    );
    expect(rowsOf<{ n: number }>(left)[0]!.n).toBe(0);
  }, 120_000);

  it.runIf(engine === "postgres")(
    "npm run admin -- backup runs pg_dump, and says so when it is missing",
    async () => {
      const run = (file: string, pathVariable = process.env.PATH ?? "") =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [...adminCommand(), "backup", file], {
            env: {
              PATH: pathVariable,
              NODE_ENV: "test",
              DATABASE_URL: databaseUrl,
              DATA_DIR: path.join(tempDir, "data"),
              BETTER_AUTH_SECRET: "x".repeat(32),
            },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("exit", (code) => resolve({ code, stdout, stderr }));
        });
      const file = path.join(tempDir, "admin.pgdump");
      const done = await run(file);
      expect(done.stderr).toBe("");
      expect(done.stdout).toMatch(/pg_dump custom format/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // restored as docs/deploy.md says: pg_restore into an empty database
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `hawl_restored_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const restoreUrl = withDatabase(adminUrl, name);
        const restored = spawnSync("pg_restore", ["--no-owner", `--dbname=${restoreUrl}`, file], {
          encoding: "utf8",
        });
        expect(restored.stderr).toBe("");
        expect(restored.status).toBe(0);
        const copy = new pg.Client({ connectionString: restoreUrl });
        await copy.connect();
        const applied = await copy.query(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        await copy.end();
        expect(applied.rows[0].n).toBe(journalLength);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      const missing = await run(path.join(tempDir, "none.pgdump"), "/nonexistent");
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/pg_dump is not installed/);
      expect(existsSync(path.join(tempDir, "none.pgdump"))).toBe(false);
    },
    60_000,
  );
});
