import { spawn } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  freePort,
  serverCommand,
  serverEnv,
  signUpOverHttp,
  startServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

// Issue 28: a fresh DATA_DIR held 1,106 files at 0666 (the WAL and global/pg_control
// included): the template unpacked by PGlite through Emscripten, which chmods past the umask.
// The real server, started like an operator would, keeps its data directory 0700 and its
// files 0600 whatever its umask, also for what it writes later, and refuses a data directory
// that others can write, saying how to fix it (decision 043).

const root = path.resolve(import.meta.dirname, "../..");

/** Every entry whose mode is not 0700 (directory) or 0600 (anything else), with its mode. */
function looseEntries(dir: string): string[] {
  const loose: string[] = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    const mode = stat.mode & 0o7777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) {
      loose.push(`${mode.toString(8)} ${path.relative(dir, file) || "."}`);
    }
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
  };
  visit(dir);
  return loose;
}

function countEntries(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

/** Starts the server expecting a refusal: its exit code and what it wrote. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: { ...process.env, PRICES_PROVIDER: "none", ...env, DATABASE_URL: "", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

describe.skipIf(testEngine() !== "pglite")("the PGlite data directory's permissions", () => {
  const tempDir = mkdtempSync(path.join(tmpdir(), "hawl-data-dir-"));
  const webDir = path.join(tempDir, "web");
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    mkdirSync(webDir);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  const envFor = async (dataDir: string) =>
    serverEnv({ port: await freePort(), smtpUrl: smtp.url, webDir, dataDir });

  for (const umask of [0o022, 0o000]) {
    it(`a fresh DATA_DIR is 0700 with 0600 files under umask ${umask.toString(8).padStart(3, "0")}, also after writes and a stop`, async () => {
      // the data directory's parent does not exist either: the server makes both
      const dataDir = path.join(tempDir, `umask-${umask.toString(8)}`, "data");
      const env = await envFor(dataDir);
      const server = await startServerProcess(env, 180_000, umask);
      try {
        expect(countEntries(dataDir)).toBeGreaterThan(1_000);
        expect(looseEntries(dataDir)).toEqual([]);
        // the server writes: an account (its rows, the WAL, the jobs' e-mail)
        await signUpOverHttp(env.BASE_URL!, smtp, uniqueEmail("modes"));
      } finally {
        // a graceful stop: the checkpoint writes pg_control and the WAL
        server.child.kill("SIGTERM");
        await new Promise((resolve) => server.child.once("exit", resolve));
      }
      expect(looseEntries(dataDir)).toEqual([]);
    }, 240_000);
  }

  it("refuses a data directory that others can write, with the command that fixes it", async () => {
    const dataDir = path.join(tempDir, "umask-22", "data");
    const env = await envFor(dataDir);
    for (const [loosened, mode] of [
      ["global/pg_control", 0o666],
      ["pg_wal", 0o775],
      [".", 0o777],
    ] as const) {
      chmodSync(path.join(dataDir, loosened), mode);
      const { code, out } = await refusedStart(env);
      expect(code, out).toBe(1);
      expect(out).toContain(`DATA_DIR ${dataDir} is writable by other users`);
      expect(out).toContain(`chmod -R go-rwx '${dataDir}'`);
      // a log line, not a stack trace
      expect(out).not.toMatch(/\n\s+at /);
      chmodSync(path.join(dataDir, loosened), loosened === "global/pg_control" ? 0o600 : 0o700);
    }
    // readable by others, not writable: the server takes the access away and starts
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, "PG_VERSION"), 0o644);
    const server = await startServerProcess(env);
    await server.kill();
    expect(looseEntries(dataDir)).toEqual([]);
  }, 240_000);
});
