import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { migrationsFolder, openPglite, type Database } from "../db/client.ts";
import { makeDataDir } from "../db/data-dir.ts";
import { unpackDataDir } from "../db/pglite-template.ts";
import { BackupError, openBackup, packBackup, type BackupManifest } from "./archive.ts";

// Backup and restore of the embedded database (docs/decisions/060-backups.md). The backup is
// made by the process that holds the data directory: the server (through its admin socket or
// its scheduled job) or, the server stopped, `npm run admin` itself.

export async function createPgliteBackup(
  database: Database,
): Promise<{ archive: Buffer; manifest: BackupManifest }> {
  if (!database.snapshot) throw new BackupError("this database is not PGlite");
  return packBackup(await database.snapshot());
}

interface JournalEntry {
  when: number;
  tag: string;
}

function journal(): JournalEntry[] {
  const file = path.join(migrationsFolder, "meta/_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
}

/** What a restore found in the backup, for the operator's message. */
export interface RestoreOutcome {
  manifest: BackupManifest;
  /** migrations this Hawl has that the backup lacks: the server applies them at its start */
  newerMigrations: string[];
}

/** Why `dataDir` cannot take a restore, or null when it is missing or empty. */
function notEmpty(dataDir: string): string | null {
  if (!existsSync(dataDir)) return null;
  const entries = readdirSync(dataDir);
  if (entries.length === 0) return null;
  return (
    `DATA_DIR ${path.resolve(dataDir)} is not empty (${entries.length} entries, ` +
    `${entries.slice(0, 3).join(", ")}${entries.length > 3 ? ", …" : ""}): a restore goes ` +
    "into an empty or new directory only, with the server stopped. Move the old one aside first."
  );
}

/**
 * Restores a backup's bytes into an empty `dataDir`. Everything is checked first: the
 * directory, the archive (BackupError on damage), that this Hawl knows every migration the
 * backup has, and that this PGlite opens the data (in memory). Only then is the directory
 * written, 0700 with 0600 files (decision 043); a failure while writing leaves it as it was.
 */
export async function restorePglite(options: {
  bytes: Uint8Array;
  dataDir: string;
}): Promise<RestoreOutcome> {
  const { dataDir } = options;
  const occupied = notEmpty(dataDir);
  if (occupied) throw new BackupError(occupied);
  const { manifest, data } = await openBackup(options.bytes);

  const known = journal();
  const { lastWhen } = manifest.migrations;
  const lastKnown = known[known.length - 1]?.when ?? 0;
  if (lastWhen !== null && lastWhen > lastKnown) {
    throw new BackupError(
      `the backup was made by a newer Hawl (${manifest.migrations.count} migrations, this one ` +
        `has ${known.length}): upgrade Hawl, then restore`,
    );
  }
  const newerMigrations = known
    .filter((entry) => lastWhen === null || entry.when > lastWhen)
    .map((entry) => entry.tag);

  await checkOpens(data, manifest);

  const created = !existsSync(dataDir);
  try {
    makeDataDir(dataDir);
    await unpackDataDir(dataDir, data);
  } catch (error) {
    if (created) rmSync(dataDir, { recursive: true, force: true });
    else {
      for (const entry of readdirSync(dataDir)) {
        rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      }
    }
    throw error;
  }
  return { manifest, newerMigrations };
}

/** Opens the backup's data directory in memory: this PGlite can run it, and it is what it says. */
async function checkOpens(data: Uint8Array, manifest: BackupManifest): Promise<void> {
  let database: Database;
  try {
    database = await openPglite({ loadDataDir: new Blob([new Uint8Array(data)]) });
  } catch (error) {
    throw new BackupError(
      `this Hawl's PGlite cannot open the backup (made on Postgres ${manifest.postgresVersion}): ` +
        `${(error as Error).message.split("\n")[0]}`,
    );
  }
  try {
    const { rows } = await database.executeSql(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    const count = (rows[0] as { count: number }).count;
    if (count !== manifest.migrations.count) {
      throw new BackupError(
        `the backup is damaged: it holds ${count} migrations, its manifest says ` +
          `${manifest.migrations.count}`,
      );
    }
  } finally {
    await database.close();
  }
}
