import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { uniqueEmail } from "../helpers/accounts.ts";
import { openPgliteDataDir, testEngine } from "../helpers/database.ts";
import {
  adminCommand,
  freePort,
  serverEnv,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";
import { backupFixtures, type Seeded } from "./backup-support.ts";

// Issue 31, backups (decision 060): `npm run admin -- backup` while a real server (a child
// process) is written to, more writes after it, `restore` into a new DATA_DIR, a server started
// on it. Every row the backup holds is whole, it holds a point in time (every write answered
// before it began, none sent after it ended, each writer's rows a prefix of its sequence), and
// the restored server works (the smoke test below). Damaged archives are refused, changing
// nothing. On PostgreSQL the same command runs pg_dump.

const engine = testEngine();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function runAdmin(env: Record<string, string>, args: string[]) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...adminCommand(), ...args], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

/** Every row of `table` whose id is listed, as Postgres's own JSON text of the whole row. */
async function wholeRows(
  database: Database,
  table: string,
  where = "true",
): Promise<Map<string, string>> {
  const result = await database.db.execute(
    sql.raw(`select t.id::text as id, row_to_json(t)::text as row from ${table} t where ${where}`),
  );
  return new Map(rowsOf<{ id: string; row: string }>(result).map((r) => [r.id, r.row]));
}

describe.runIf(engine === "pglite")("backup and restore on PGlite", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tempDir: string;
  let sourceEnv: Record<string, string>;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    tempDir = mkdtempSync(path.join(tmpdir(), "hawl-backup-"));
    mkdirSync(path.join(tempDir, "web"));
    const dataDir = path.join(tempDir, "source");
    await (await openPgliteDataDir(dataDir, true)).close();
    sourceEnv = serverEnv({
      port: await freePort(),
      smtpUrl: smtp.url,
      webDir: path.join(tempDir, "web"),
      dataDir,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await smtp?.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  const envFor = (dataDir: string, port: number) => ({
    ...sourceEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  });

  it("backs up while writes run, restores a point in time, and the restored server works", async () => {
    // accounts need their verification e-mails (workers on); then jobs stay queued (WORKERS=0)
    // so the job rows the backup holds can be compared whole with the source's
    server = await startServerProcess(sourceEnv);
    const base = sourceEnv.BASE_URL!;
    const emails = [uniqueEmail("backup-a"), uniqueEmail("backup-b")];
    for (const email of emails) await signUpOverHttp(base, smtp, email);
    await server.kill();
    server = await startServerProcess({ ...sourceEnv, WORKERS: "0" });
    const fixtures = backupFixtures(base);
    const seeded: Seeded = await fixtures.seed(emails);

    // writers run through the backup: two of calculations, one of timeline entries
    const writers = fixtures.startWriters(seeded);
    await fixtures.waitForWrites(writers, 6);
    const file = path.join(tempDir, "hawl.tar.gz");
    const backupStarted = Date.now();
    const backup = await runAdmin(sourceEnv, ["backup", file]);
    const backupEnded = Date.now();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/from the running server/);
    await fixtures.waitForWrites(writers, writers.answered() + 3);
    const written = await writers.stop();

    // more after the backup: a new account (and its mail job), a calculation, a job
    const after = await fixtures.writeAfter(seeded);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // the source's final rows, read straight from its data directory
    await server.kill();
    server = null;
    const tables = ["zakat_calculations", "milestones", `"user"`, "pgboss.job"];
    const source = await openPgliteDataDir(sourceEnv.DATA_DIR!);
    const sourceRows = new Map<string, Map<string, string>>();
    for (const table of tables) sourceRows.set(table, await wholeRows(source, table));
    // jobs queued before the backup began, and after it ended (by the database's clock)
    const jobsBetween = async (where: string) => [
      ...(await wholeRows(source, "pgboss.job", where)).keys(),
    ];
    const jobsBefore = await jobsBetween(`created_on < to_timestamp(${backupStarted / 1000})`);
    const jobsAfter = await jobsBetween(`created_on > to_timestamp(${backupEnded / 1000})`);
    await source.close();
    expect(jobsBefore.length).toBeGreaterThan(0);
    expect(jobsAfter.length).toBeGreaterThan(0);

    const restoredDir = path.join(tempDir, "restored");
    const restored = await runAdmin(envFor(restoredDir, 1), ["restore", file]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/next\s+start the server/);
    // decision 043's modes
    expect(statSync(restoredDir).mode & 0o777).toBe(0o700);
    const loose = readdirSync(restoredDir, { recursive: true, withFileTypes: true }).filter(
      (entry) =>
        (statSync(path.join(entry.parentPath, entry.name)).mode & 0o077) !== 0 ||
        (!entry.isDirectory() && !entry.isFile()),
    );
    expect(loose.map((entry) => entry.name)).toEqual([]);

    let restoredCalculations = 0;
    const copy = await openPgliteDataDir(restoredDir);
    try {
      // every row the backup holds is whole: the source's row of that id, unchanged
      for (const table of tables) {
        const mine = await wholeRows(copy, table);
        const theirs = sourceRows.get(table)!;
        const differing = [...mine].filter(([id, row]) => theirs.get(id) !== row);
        expect(differing, `${table}: rows not as in the source`).toEqual([]);
      }
      const calculations = await wholeRows(
        copy,
        "zakat_calculations",
        `workspace_id = '${seeded.workspace}'`,
      );
      const milestones = await wholeRows(
        copy,
        "milestones",
        `workspace_id = '${seeded.workspace}'`,
      );
      const jobs = await wholeRows(copy, "pgboss.job");
      const users = await wholeRows(copy, `"user"`);

      // a point in time: answered before the backup began → there; sent after it → not there
      for (const write of written) {
        const present = (write.kind === "calculation" ? calculations : milestones).has(write.id);
        if (write.answeredAt < backupStarted) expect(present, write.label).toBe(true);
        if (write.sentAt > backupEnded) expect(present, write.label).toBe(false);
      }
      // each writer's rows are a prefix of what it wrote, one after the other: no gap
      for (const writer of new Set(written.map((w) => w.writer))) {
        const sequence = written.filter((w) => w.writer === writer);
        const kept = sequence.map((w) =>
          (w.kind === "calculation" ? calculations : milestones).has(w.id),
        );
        expect(kept.indexOf(false) === -1 || !kept.slice(kept.indexOf(false)).includes(true)).toBe(
          true,
        );
      }
      const count = rowsOf<{ count: number }>(
        await copy.db.execute(
          sql`select count::int as count from calculation_counts where workspace_id = ${seeded.workspace}`,
        ),
      )[0]!.count;
      expect(count, "the trigger-kept count agrees with the rows").toBe(calculations.size);
      restoredCalculations = calculations.size;
      const during = written.filter(
        (w) => w.answeredAt >= backupStarted && w.sentAt <= backupEnded,
      ).length;
      console.log(
        `backup (pglite): ${backupEnded - backupStarted} ms for ${statSync(file).size} bytes, ` +
          `${during} writes answered while it ran, ${written.length} in all; restored ` +
          `${calculations.size} calculations, ${milestones.size} milestones, ${jobs.size} jobs`,
      );
      // the seeded timeline whole: the threshold and its four reviews
      for (const id of seeded.timeline) expect(milestones.has(id)).toBe(true);
      for (const id of jobsBefore) expect(jobs.has(id), `job ${id} queued before`).toBe(true);
      // nothing written after the backup
      expect(calculations.has(after.calculation)).toBe(false);
      expect([...users.values()].some((row) => row.includes(after.email))).toBe(false);
      for (const id of jobsAfter) expect(jobs.has(id), `job ${id} queued after`).toBe(false);
    } finally {
      await copy.close();
    }

    // the restored server starts (migrations at start) and passes the smoke test
    const port = await freePort();
    server = await startServerProcess(envFor(restoredDir, port));
    await fixtures.smoke(`http://127.0.0.1:${port}`, smtp, {
      email: emails[0]!,
      seeded,
      calculations: restoredCalculations,
    });
  }, 400_000);

  it("restores an older backup made with the server stopped; the migrations at start add the newer ones", async () => {
    const { olderDataDir, newer } = await backupFixtures("").olderDatabase(tempDir, 2);
    const file = path.join(tempDir, "older.tar.gz");
    const backup = await runAdmin(envFor(olderDataDir, 1), ["backup", file]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/no server running on it/);
    const target = path.join(tempDir, "from-older");
    const restored = await runAdmin(envFor(target, 1), ["restore", file]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`applies 2 newer migrations (${newer.join(", ")})`);
    // what the server runs at its start (main.ts: database.migrate()), on the restored copy
    const database = await openPgliteDataDir(target);
    await database.migrate();
    const applied = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )[0]!.n;
    await database.close();
    expect(applied).toBe(backupFixtures("").journalLength());
  }, 300_000);

  it("refuses a truncated, corrupt or foreign archive and a non-empty DATA_DIR, writing nothing", async () => {
    const file = path.join(tempDir, "hawl.tar.gz");
    const cases = await backupFixtures("").damagedCopies(file, tempDir);
    for (const { name, damaged, message } of cases) {
      const target = path.join(tempDir, `refused-${name}`);
      // one target missing, one an empty directory: both stay as they were
      if (name !== "truncated") mkdirSync(target, { mode: 0o700 });
      const result = await runAdmin(envFor(target, 1), ["restore", damaged]);
      expect(result.code, name).toBe(1);
      expect(result.stderr, name).toMatch(/^Restore refused, nothing written: /);
      expect(result.stderr, name).toMatch(message);
      if (name === "truncated") expect(existsSync(target)).toBe(false);
      else expect(readdirSync(target), name).toEqual([]);
    }
    // a DATA_DIR that holds something is never written over
    const occupied = await runAdmin(envFor(sourceEnv.DATA_DIR!, 1), ["restore", file]);
    expect(occupied.code).toBe(1);
    expect(occupied.stderr).toMatch(/is not empty .*Move the old one aside first/s);
  }, 120_000);
});
