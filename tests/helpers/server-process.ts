import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { linkInMail, testPassword } from "./accounts.ts";
import { testEngine } from "./database.ts";
import { serverBundleDir } from "./database-names.ts";
import type { startSmtpServer } from "./smtp.ts";

// The real server as a child process, started and killed like an operator would: the bundle
// that `npm start` runs (scripts/build-server.ts, built from the sources by global-setup.ts),
// by `node` directly (one process, so SIGKILL hits the server and not a wrapper), a free
// loopback port, its own environment. For crash and fault tests. On PGlite a fresh DATA_DIR
// starts from the migrated template beside the bundle, as after `npm run build`.

const root = path.resolve(import.meta.dirname, "../..");

/** The arguments of `node` that start the server (the bundle's main.js). */
export function serverCommand(): string[] {
  const main = path.join(serverBundleDir(testEngine()), "main.js");
  if (!existsSync(main)) {
    throw new Error(`no server bundle at ${main}: tests/helpers/global-setup.ts builds it`);
  }
  return [main];
}

/** The arguments of `node` that run the operator's command (`npm run admin`) from the bundle. */
export function adminCommand(): string[] {
  return [path.join(path.dirname(serverCommand()[0]!), "admin.js")];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** true while the process has not exited */
  alive(): boolean;
  /** the end of what it wrote (log and stderr), for failure messages */
  stderrTail(): string;
  /** SIGKILL, resolved once it has exited */
  kill(): Promise<void>;
}

/**
 * Starts the server with `env` (PORT, BASE_URL, DATA_DIR or DATABASE_URL, …) and resolves once
 * GET /readyz answers 200. Rejects if it exits first or is not ready within `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 180_000,
  /** the umask it starts with (through sh, which then becomes the server: still one process) */
  umask?: number,
): Promise<ServerProcess> {
  // no live prices unless a test names a provider: tests never reach the internet
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PRICES_PROVIDER: "none", ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const [command, args] =
    umask === undefined
      ? [process.execPath, serverCommand()]
      : [
          "/bin/sh",
          [
            "-c",
            `umask ${umask.toString(8)} && exec "$0" "$@"`,
            process.execPath,
            ...serverCommand(),
          ],
        ];
  const child = spawn(command, args, {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const handle: ServerProcess = {
    child,
    alive,
    stderrTail: () => stderr,
    async kill() {
      if (alive()) child.kill("SIGKILL");
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) {
      throw new Error(`the server exited before it was ready (${child.exitCode}): ${stderr}`);
    }
    try {
      const response = await fetch(`${env.BASE_URL}/readyz`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status === 200) return handle;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await handle.kill();
      throw new Error(`the server was not ready within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The environment of a test server on `port`: silent, test mode, an empty web build. */
export function serverEnv(options: {
  port: number;
  smtpUrl: string;
  webDir: string;
  dataDir?: string;
  databaseUrl?: string;
}): Record<string, string> {
  return {
    NODE_ENV: "test",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    BASE_URL: `http://127.0.0.1:${options.port}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: options.smtpUrl,
    WEB_DIR: options.webDir,
    EMBED_DIR: options.webDir,
    // fatal only: a server that cannot start says why (in the error of startServerProcess)
    LOG_LEVEL: "fatal",
    // cheap argon2 (decision 036), as in the in-process test apps
    PASSWORD_HASH_COST: "test",
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

/**
 * Signs up over HTTP (the verification link read from the SMTP peer), signs in, and returns
 * the session's Cookie header.
 */
export async function signUpOverHttp(
  base: string,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  email: string,
): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/auth/sign-up/email", {
    email,
    password: testPassword,
    name: "",
    callbackURL: "/verify-email",
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const mail = await smtp.waitFor(email);
  // the browser that signed up opens the link: verifying keeps its password (decision 046)
  const binding = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  const verify = await fetch(`${base}${linkInMail(mail, "/api/auth/verify-email")}`, {
    redirect: "manual",
    headers: { cookie: binding },
  });
  if (verify.status >= 400) throw new Error(`verify: ${verify.status}`);
  const signIn = await post("/api/auth/sign-in/email", { email, password: testPassword });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
