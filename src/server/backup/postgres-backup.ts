import { spawn } from "node:child_process";
import { BackupError } from "./archive.ts";

// On PostgreSQL a backup is pg_dump's own custom format (compressed, one file, read by
// pg_restore), when the PostgreSQL client tools are installed (docs/decisions/060-backups.md).
// The password goes to pg_dump in its environment, not on its command line, where any user
// of the machine could read it.

export const pgDumpMissing =
  "pg_dump is not installed, so this command cannot back up PostgreSQL. Install the " +
  "PostgreSQL client tools of the server's major version or newer (Debian: apt-get install " +
  "postgresql-client), or use your provider's backups (see docs/deploy.md, Backups).";

function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs pg_dump into `file` (custom format). BackupError when pg_dump is missing or fails. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(
      "pg_dump",
      ["--format=custom", "--compress=6", "--no-owner", `--file=${file}`, `--dbname=${dbname}`],
      { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? new BackupError(pgDumpMissing) : error);
    });
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
