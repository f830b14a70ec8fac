// `npm run admin -- backup <file>` and `restore <file>` (docs/decisions/060-backups.md).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { requestBackup } from "../src/server/admin-socket.ts";
import { BackupError } from "../src/server/backup/archive.ts";
import {
  backupPgliteToFile,
  backupPostgresToFile,
  writeBackupFile,
} from "../src/server/backup/backup-file.ts";
import { restorePglite } from "../src/server/backup/pglite-backup.ts";
import { openPglite } from "../src/server/db/client.ts";
import { checkDataDir, DataDirError } from "../src/server/db/data-dir.ts";
import { parseEnv } from "../src/server/env.ts";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The environment without BETTER_AUTH_SECRET, which neither command needs: parseEnv would
 * otherwise demand it in production and, outside, write a new one into DATA_DIR (which a
 * restore must find empty, and a backup must not change).
 */
function envWithoutSecret() {
  return parseEnv({
    ...process.env,
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET || "not-read-by-backup-or-restore".repeat(2),
  });
}

/**
 * Backs up the server's database into `file`: on PGlite through the running server's admin
 * socket, or from DATA_DIR itself when no server runs on it; on PostgreSQL with pg_dump.
 */
export async function backupCommand(file: string): Promise<number> {
  const env = envWithoutSecret();
  const target = path.resolve(file);
  if (existsSync(target)) {
    console.error(`${target} exists already: name a new file (a backup never overwrites one).`);
    return 1;
  }
  try {
    if (env.DATABASE_URL) {
      const { bytes } = await backupPostgresToFile(env.DATABASE_URL, target);
      console.log(`backup    ${target} (${megabytes(bytes)}, pg_dump custom format)`);
      console.log(`restore   pg_restore --no-owner --dbname=<empty database> ${target}`);
      return 0;
    }
    const fromServer = await requestBackup(env.DATA_DIR);
    if (fromServer) {
      await writeBackupFile(target, fromServer.archive);
      printBackup(target, fromServer.archive.length, fromServer.manifest, "the running server");
      return 0;
    }
    if (!existsSync(path.join(env.DATA_DIR, "PG_VERSION"))) {
      console.error(
        `DATA_DIR ${path.resolve(env.DATA_DIR)} holds no database: nothing to back up.`,
      );
      return 1;
    }
    checkDataDir(env.DATA_DIR);
    const database = await openPglite({ dataDir: env.DATA_DIR });
    try {
      const { bytes, manifest } = await backupPgliteToFile(database, target);
      printBackup(target, bytes, manifest, "DATA_DIR (no server running on it)");
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirError) {
      console.error(`Backup failed: ${error.message}`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "ENOSPC" || code === "EROFS") {
      console.error(`Backup failed: cannot write ${target} (${code}); nothing was written.`);
      return 1;
    }
    throw error;
  }
}

function printBackup(
  file: string,
  bytes: number,
  manifest: { postgresVersion: string; migrations: { count: number } },
  from: string,
): void {
  console.log(`backup    ${file} (${megabytes(bytes)}, from ${from})`);
  console.log(
    `holds     PGlite data (Postgres ${manifest.postgresVersion}), ${manifest.migrations.count} migrations`,
  );
}

/** Restores a PGlite backup into an empty DATA_DIR, the server stopped. */
export async function restoreCommand(file: string): Promise<number> {
  const env = envWithoutSecret();
  if (env.DATABASE_URL) {
    console.error(
      "On PostgreSQL restore with pg_restore into an empty database, then start Hawl on it:\n" +
        `  pg_restore --no-owner --dbname=<empty database URL> ${file}\n` +
        "(docs/deploy.md, Backups and restore).",
    );
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    return 1;
  }
  try {
    const { manifest, newerMigrations } = await restorePglite({ bytes, dataDir: env.DATA_DIR });
    console.log(`restored  ${path.resolve(file)} into ${path.resolve(env.DATA_DIR)}`);
    console.log(
      `made      ${manifest.createdAt}, Postgres ${manifest.postgresVersion}, ` +
        `${manifest.migrations.count} migrations`,
    );
    console.log(
      newerMigrations.length === 0
        ? "next      start the server"
        : `next      start the server: it applies ${newerMigrations.length} newer migrations ` +
            `(${newerMigrations.join(", ")})`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirError) {
      console.error(`Restore refused, nothing written: ${error.message}`);
      return 1;
    }
    // the file system's refusal (not a directory, no permission, disk full): what the restore
    // wrote has been removed again
    const { code, message } = error as NodeJS.ErrnoException;
    if (code) {
      console.error(`Restore failed, DATA_DIR left as it was: ${message}`);
      return 1;
    }
    throw error;
  }
}
