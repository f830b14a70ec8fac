import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { z } from "zod";
import type { PgliteSnapshot } from "../db/pglite-protocol.ts";
import { readTar, TarError, writeTar } from "./tar.ts";

// A Hawl backup of the embedded database (docs/decisions/060-backups.md): one gzipped tarball
// (`tar tzf` lists it) of two files, hawl-backup.json (what it is, what it holds, the data's
// SHA-256) and pgdata.tar (PGlite's dumpDataDir). openBackup checks all of it, the gzip
// stream's own CRC and length included, before a restore writes anything.

export class BackupError extends Error {}

export const backupFormat = "hawl-backup";
export const backupFormatVersion = 1;
const manifestName = "hawl-backup.json";
const dataName = "pgdata.tar";

const manifestSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.number().int(),
  engine: z.literal("pglite"),
  createdAt: z.iso.datetime(),
  postgresVersion: z.string().regex(/^\d+(\.\d+)?/),
  migrations: z.object({ count: z.number().int().min(0), lastWhen: z.number().nullable() }),
  data: z.object({
    file: z.literal(dataName),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The backup file's bytes for a snapshot of the data directory. */
export async function packBackup(
  snapshot: PgliteSnapshot,
  now = new Date(),
): Promise<{ archive: Buffer; manifest: BackupManifest }> {
  const data = new Uint8Array(snapshot.tar);
  const manifest: BackupManifest = {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    engine: "pglite",
    createdAt: now.toISOString(),
    postgresVersion: snapshot.postgresVersion,
    migrations: snapshot.migrations,
    data: { file: dataName, bytes: data.length, sha256: sha256(data) },
  };
  const tar = writeTar(
    [
      { name: manifestName, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: dataName, data },
    ],
    now,
  );
  return { archive: await promisify(gzip)(tar, { level: 6 }), manifest };
}

/** The major version of a Postgres version string ("18.6" → 18). */
export const postgresMajor = (version: string) => Number.parseInt(version, 10);

/**
 * Reads and checks a backup file's bytes: gzip, container, manifest, checksum. BackupError,
 * saying what is wrong, on anything that is not a whole Hawl backup of a format this code reads.
 */
export async function openBackup(
  bytes: Uint8Array,
): Promise<{ manifest: BackupManifest; data: Uint8Array }> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new BackupError("not a Hawl backup: the file is not gzip-compressed");
  }
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(bytes);
  } catch (error) {
    const reason = (error as Error).message;
    throw new BackupError(`the backup is damaged or incomplete (${reason}): was it copied whole?`);
  }
  let files;
  try {
    files = readTar(tar);
  } catch (error) {
    if (!(error instanceof TarError)) throw error;
    throw new BackupError(`the backup is damaged: ${error.message}`);
  }
  const manifestFile = files.find((file) => file.name === manifestName);
  if (!manifestFile) throw new BackupError(`not a Hawl backup: no ${manifestName} inside`);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(manifestFile.data).toString("utf8"));
  } catch {
    throw new BackupError(`the backup is damaged: ${manifestName} is not JSON`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== backupFormat) {
    throw new BackupError(
      `not a Hawl backup: ${manifestName} says format ${String(format.format)}`,
    );
  }
  if (format.formatVersion !== backupFormatVersion) {
    throw new BackupError(
      `the backup's format version is ${String(format.formatVersion)}; this Hawl reads ` +
        `version ${backupFormatVersion}: restore it with the Hawl version that made it`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`the backup is damaged: ${manifestName} is invalid`);
  const manifest = parsed.data;
  const data = files.find((file) => file.name === dataName)?.data;
  if (!data) throw new BackupError(`the backup is damaged: no ${dataName} inside`);
  if (data.length !== manifest.data.bytes || sha256(data) !== manifest.data.sha256) {
    throw new BackupError(`the backup is damaged: ${dataName} does not match its checksum`);
  }
  return { manifest, data };
}
