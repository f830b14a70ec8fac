import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Database } from "../db/client.ts";
import { backupDatabase } from "../backup/backup-file.ts";
import type { RetryPolicy } from "./jobs.ts";

// The daily backup (docs/decisions/060-backups.md), off unless BACKUP_DIR is set: a pg-boss
// cron job, so one instance makes it per day however many run, into BACKUP_DIR, keeping
// BACKUP_KEEP_DAYS days of them. The same file as `npm run admin -- backup`.

export const backupQueue = "daily-backup";
/** every day at 03:15 UTC */
export const backupCron = "15 3 * * *";
/** a failed backup (disk full, database away) is tried twice more, 5 and 10 minutes later */
export const backupRetry: RetryPolicy = { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 };

const backupName = /^hawl-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z\.(tar\.gz|pgdump)$/;

export function backupFileName(now: Date, engine: Database["engine"]): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
  return `hawl-${stamp}Z.${engine === "pglite" ? "tar.gz" : "pgdump"}`;
}

/** When a file of backupFileName's pattern was made; null for any other file. */
function madeAt(name: string): number | null {
  const match = backupName.exec(name);
  if (!match) return null;
  return Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
}

export interface ScheduledBackupOutcome {
  file: string;
  bytes: number;
  /** older backups deleted (names) */
  removed: string[];
}

/**
 * Writes today's backup into `dir`, then deletes the backups of this pattern older than
 * `keepDays` days. Other files in `dir` are never touched.
 */
export async function runScheduledBackup(options: {
  database: Database;
  databaseUrl?: string;
  dir: string;
  keepDays: number;
  now: Date;
}): Promise<ScheduledBackupOutcome> {
  const { dir, now } = options;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(now, options.database.engine));
  const { bytes } = await backupDatabase(options.database, {
    databaseUrl: options.databaseUrl,
    file,
  });
  const oldest = now.getTime() - options.keepDays * 24 * 60 * 60 * 1000;
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const made = madeAt(name);
    if (made === null || made >= oldest || path.join(dir, name) === file) continue;
    rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return { file, bytes, removed };
}
