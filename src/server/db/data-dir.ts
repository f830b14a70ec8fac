import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";

// PGlite's DATA_DIR holds the WAL and the tables, e-mails and password hashes included: like
// PostgreSQL, the directory is 0700 and its files 0600, whatever the umask or the template's
// archive said (decision 043). One that others can write is refused: its data may have been
// changed, which only its operator can judge.

export class DataDirError extends Error {}

/** Group and other may write: refused. */
const othersWrite = 0o022;
/** Any access by group or other: taken away. */
const othersAny = 0o077;

/** Creates `dataDir` (0700) when missing; its parent directories keep the usual modes. */
export function makeDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  if (existsSync(dir)) return;
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { mode: 0o700 });
  // mkdir's mode passes through the umask, which might take the owner's bits too
  chmodSync(dir, 0o700);
}

/**
 * Makes `dataDir` when missing, refuses it (DataDirError, with the command that fixes it)
 * when the directory or anything in it is writable by group or other, and takes group's and
 * other's read access away from the rest. Returns how many entries it tightened.
 */
export function checkDataDir(dataDir: string): number {
  const dir = path.resolve(dataDir);
  makeDataDir(dir);
  const writable: string[] = [];
  const readable: { file: string; mode: number }[] = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    // a symbolic link's own mode means nothing (always 0777); what it points to is not ours
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o7777;
    if (mode & othersWrite) writable.push(file);
    else if (mode & othersAny) readable.push({ file, mode });
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    }
  };
  // DATA_DIR may itself be a link to the directory (a mounted volume): check what it names
  const root = realpathSync(dir);
  visit(root);
  if (writable.length > 0) {
    const first = path.relative(root, writable[0]!) || ".";
    throw new DataDirError(
      `DATA_DIR ${dir} is writable by other users (${writable.length} entries, first: ${first}): ` +
        `its data may have been changed. Check it, then run: chmod -R go-rwx ${shellQuoted(root)}`,
    );
  }
  for (const { file, mode } of readable) {
    try {
      chmodSync(file, mode & ~othersAny);
    } catch (error) {
      // not ours to change: someone else's directory, or a read-only volume
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new DataDirError(
        `DATA_DIR ${dir}: cannot take group and other access away from ` +
          `${path.relative(root, file) || "."} (${code}). It must belong to the user the ` +
          `server runs as; then run: chmod -R go-rwx ${shellQuoted(root)}`,
      );
    }
  }
  return readable.length;
}

function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
