import { chmodSync, existsSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { PlanId } from "../domain/plans.ts";
import { BackupError, type BackupManifest } from "./backup/archive.ts";
import { createPgliteBackup } from "./backup/pglite-backup.ts";
import type { Database } from "./db/client.ts";
import { AdminError, runAdminCommand, type AdminCommand } from "./services/admin-accounts.ts";

// PGlite's data directory can be opened by one process only, so while the server runs on
// PGlite `npm run admin` asks the server itself, over a unix socket in DATA_DIR (mode 0600:
// only the account that runs the server can connect). One JSON line in, one JSON line out.
// Nothing of this is reachable over TCP. docs/decisions/015-plans-and-billing.md.
// `{"command":"backup"}` is answered by one JSON line, then the backup file's bytes
// (docs/decisions/060-backups.md).

export const adminSocketName = "admin.sock";

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), adminSocketName);
}

export type AdminReply = { ok: true; account: unknown } | { ok: false; error: string };

export async function startAdminSocket(options: {
  dataDir: string;
  database: Database;
  defaultPlan: PlanId;
  logger: Logger;
}): Promise<Server | null> {
  const socketPath = adminSocketPath(options.dataDir);
  // unix socket paths are limited to ~107 bytes
  if (Buffer.byteLength(socketPath) > 100) {
    options.logger.warn(
      { socketPath },
      "DATA_DIR path too long for the admin socket: stop the server to run npm run admin",
    );
    return null;
  }
  // a socket left by a server that was killed
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    let handled = false;
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 10_000) return socket.destroy();
      const end = buffer.indexOf("\n");
      // one command per connection: what follows the first line is ignored
      if (end < 0 || handled) return;
      handled = true;
      const line = buffer.slice(0, end);
      if (line === backupRequest) {
        void sendBackup(socket, options);
        return;
      }
      void (async () => {
        let reply: AdminReply;
        try {
          const input = JSON.parse(line) as AdminCommand;
          const account = await runAdminCommand(options.database.db, input, options.defaultPlan);
          options.logger.info({ command: input.command, userId: account.userId }, "admin command");
          reply = { ok: true, account };
        } catch (error) {
          if (!(error instanceof AdminError)) {
            options.logger.error({ err: error }, "admin command failed");
          }
          reply = {
            ok: false,
            error:
              error instanceof AdminError
                ? error.message
                : "The command failed (see the server log).",
          };
        }
        socket.end(`${JSON.stringify(reply)}\n`);
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return server;
}

const backupRequest = JSON.stringify({ command: "backup" });

type BackupHeader = { ok: true; bytes: number; manifest: BackupManifest } | AdminReply;

async function sendBackup(
  socket: Socket,
  options: { database: Database; logger: Logger },
): Promise<void> {
  try {
    const started = performance.now();
    const { archive, manifest } = await createPgliteBackup(options.database);
    const header: BackupHeader = { ok: true, bytes: archive.length, manifest };
    socket.write(`${JSON.stringify(header)}\n`);
    socket.end(archive);
    options.logger.info(
      { command: "backup", bytes: archive.length, ms: Math.round(performance.now() - started) },
      "admin command",
    );
  } catch (error) {
    options.logger.error({ err: error }, "admin backup failed");
    const header: BackupHeader = { ok: false, error: "The backup failed (see the server log)." };
    socket.end(`${JSON.stringify(header)}\n`);
  }
}

/**
 * Asks a running server for a backup (its bytes). Resolves null when no server listens on
 * `dataDir`'s socket; BackupError when the server could not make one or the answer is cut.
 */
export function requestBackup(
  dataDir: string,
): Promise<{ archive: Buffer; manifest: BackupManifest } | null> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    socket.on("connect", () => socket.write(`${backupRequest}\n`));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf(0x0a);
      try {
        if (end < 0) throw new BackupError("the server's answer was cut short");
        const header = JSON.parse(all.subarray(0, end).toString("utf8")) as BackupHeader;
        if (!header.ok) throw new BackupError(header.error);
        if (!("bytes" in header)) throw new BackupError("the server does not make backups");
        const archive = all.subarray(end + 1);
        if (archive.length !== header.bytes) {
          throw new BackupError("the server's answer was cut short");
        }
        resolve({ archive, manifest: header.manifest });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}

/**
 * Sends one command to a running server's admin socket. Resolves null when no server listens
 * there (no socket, or a stale one: the data directory is free to open).
 */
export function sendAdminCommand(dataDir: string, input: AdminCommand): Promise<AdminReply | null> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let data = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(input)}\n`));
    socket.on("data", (chunk: string) => (data += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(data) as AdminReply);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}
