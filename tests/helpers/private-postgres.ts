import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A throw-away PostgreSQL cluster of our own (initdb + pg_ctl), for tests that stop and start
// the database. It never touches the machine's shared server. initdb refuses to run as root,
// so as root everything runs as the `postgres` user (runuser) in a directory it owns.

const binDirs = ["/usr/lib/postgresql/15/bin", "/usr/local/bin", "/usr/bin"];

export function findPgBin(): string | null {
  const fromPath = (process.env.PATH ?? "").split(path.delimiter);
  for (const dir of [...fromPath, ...binDirs]) {
    if (dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) {
      return dir;
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  stop(): void;
  /** stops the cluster if running and deletes its files */
  destroy(): void;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "hawl-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = isRoot
      ? ["runuser", ["-u", "postgres", "--", command, ...args]]
      : [command, args];
    try {
      execFileSync(file, argv, { stdio: "pipe", timeout: 60_000 });
    } catch (error) {
      const e = error as { stderr?: Buffer; stdout?: Buffer };
      const log = existsSync(logFile) ? `\n(server log: ${logFile})` : "";
      throw new Error(
        `${tool} ${args.join(" ")} failed: ${e.stderr?.toString() ?? ""}${e.stdout?.toString() ?? ""}${log}`,
      );
    }
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
      running = true;
    },
    stop() {
      run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}
