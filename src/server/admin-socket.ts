import { chmodSync, existsSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { PlanId } from "../domain/plans.ts";
import type { Db } from "./db/client.ts";
import { AdminError, runAdminCommand, type AdminCommand } from "./services/admin-accounts.ts";

// PGlite's data directory can be opened by one process only, so while the server runs on
// PGlite `npm run admin` asks the server itself, over a unix socket in DATA_DIR (mode 0600:
// only the account that runs the server can connect). One JSON line in, one JSON line out.
// Nothing of this is reachable over TCP. docs/decisions/015-plans-and-billing.md.

export const adminSocketName = "admin.sock";

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), adminSocketName);
}

export type AdminReply = { ok: true; account: unknown } | { ok: false; error: string };

export async function startAdminSocket(options: {
  dataDir: string;
  db: Db;
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
      void (async () => {
        let reply: AdminReply;
        try {
          const input = JSON.parse(line) as AdminCommand;
          const account = await runAdminCommand(options.db, input, options.defaultPlan);
          options.logger.info({ command: input.command }, "admin command");
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
