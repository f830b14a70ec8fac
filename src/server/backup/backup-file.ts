import { randomBytes } from "node:crypto";
import { chmodSync, renameSync, rmSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.ts";
import type { BackupManifest } from "./archive.ts";
import { createPgliteBackup } from "./pglite-backup.ts";
import { pgDump } from "./postgres-backup.ts";

// A backup file holds every account's e-mail address and password hash: 0600 like the data
// directory's files (decision 043), and written under a temporary name first, so a backup cut
// short (disk full, a kill) never leaves a file that looks whole.

function partialName(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.partial-${randomBytes(4).toString("hex")}`,
  );
}

export async function writeBackupFile(file: string, bytes: Uint8Array): Promise<void> {
  const partial = partialName(file);
  try {
    await writeFile(partial, bytes, { mode: 0o600, flush: true });
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** PGlite's snapshot of the open database (archive.ts) into `file`. */
export async function backupPgliteToFile(
  database: Database,
  file: string,
): Promise<{ bytes: number; manifest: BackupManifest }> {
  const { archive, manifest } = await createPgliteBackup(database);
  await writeBackupFile(file, archive);
  return { bytes: archive.length, manifest };
}

/** pg_dump's custom format (pg_restore reads it) into `file`. */
export async function backupPostgresToFile(
  databaseUrl: string,
  file: string,
): Promise<{ bytes: number }> {
  const partial = partialName(file);
  try {
    await pgDump(databaseUrl, partial);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { bytes: statSync(file).size };
}

/** Either engine's backup of the open database into `file` (the scheduled job). */
export async function backupDatabase(
  database: Database,
  options: { databaseUrl?: string; file: string },
): Promise<{ bytes: number }> {
  if (database.engine === "pglite") return backupPgliteToFile(database, options.file);
  return backupPostgresToFile(options.databaseUrl!, options.file);
}
