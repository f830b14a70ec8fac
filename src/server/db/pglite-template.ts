import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

// A fresh PGlite data directory is loaded from the migrated template the build ships
// (scripts/build-server.ts, decision 018) instead of being initialised and migrated from
// nothing: seconds saved on the first start. The migrations still run afterwards, so a template
// older than the code only costs the migrations it lacks.
//
// Unpacked here, not by PGlite's loadDataDir: PGlite writes each file through Emscripten's FS,
// which chmods it to 0666 past the umask (decision 043). Here every file is 0600 and every
// directory 0700 from its creation.

/** Where the build writes the template: beside the bundle, or build/server seen from src. */
const candidates = [
  path.resolve(import.meta.dirname, "pglite-template.tar.gz"),
  path.resolve(import.meta.dirname, "../../../build/server/pglite-template.tar.gz"),
];

/** A data directory that holds a database: PG_VERSION, which the unpacking writes last. */
const versionFile = "PG_VERSION";

/**
 * Loads the template into `dataDir` unless it holds a database already or no build has made a
 * template. True when it did.
 */
export async function loadPgliteTemplate(dataDir: string): Promise<boolean> {
  if (existsSync(path.join(dataDir, versionFile))) return false;
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) return false;
  await unpackDataDir(dataDir, await promisify(gunzip)(await readFile(file)));
  return true;
}

/**
 * Writes the files and directories of a tarball (PGlite's dumpDataDir: ustar, regular files
 * and directories only) under `dataDir`, files 0600 and directories 0700. PG_VERSION comes
 * last, so a start stopped half-way unpacks again next time.
 */
export async function unpackDataDir(dataDir: string, tar: Uint8Array): Promise<void> {
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const text = (start: number, length: number) => {
    const field = Buffer.from(tar.subarray(start, start + length)).toString("latin1");
    const end = field.indexOf("\0");
    return end === -1 ? field : field.slice(0, end);
  };
  let last: { target: string; data: Uint8Array } | undefined;
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = offset;
    const name = text(header, 100);
    if (name === "") break; // the two empty records that end the archive
    const prefix = text(header + 345, 155);
    const size = parseInt(text(header + 124, 12).trim() || "0", 8);
    const type = text(header + 156, 1) || "0";
    const relative = path.posix.normalize(`${prefix ? `${prefix}/` : ""}${name}`);
    const target = path.join(root, relative);
    if (!target.startsWith(root + path.sep) && target !== root) {
      throw new Error(`the PGlite template names a path outside the data directory: ${name}`);
    }
    const data = tar.subarray(header + 512, header + 512 + size);
    offset = header + 512 + Math.ceil(size / 512) * 512;
    if (type === "5") {
      await mkdir(target, { recursive: true, mode: 0o700 });
    } else if (type === "0") {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      if (path.basename(target) === versionFile && path.dirname(target) === root) {
        last = { target, data };
      } else {
        await writeFile(target, data, { mode: 0o600 });
      }
    }
  }
  if (last) await writeFile(last.target, last.data, { mode: 0o600 });
}
