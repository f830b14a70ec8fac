import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  freePort,
  serverEnv,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

// The jobs in the real server process (decision 020): its workers send the e-mail by default;
// SIGTERM stops it cleanly (exit 0); an API-only instance (WORKERS=0) queues an e-mail that
// nobody sends until an instance with workers starts on the same database. PGlite: a data
// directory of its own (PostgreSQL: several-instances.test.ts runs two processes).

describe.skipIf(testEngine() !== "pglite")("jobs in the server process", () => {
  const tempDir = mkdtempSync(path.join(tmpdir(), "hawl-server-jobs-"));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.kill();
    rmSync(tempDir, { recursive: true, force: true });
  });

  async function stopWithSigterm(server: ServerProcess): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) =>
      server.child.once("exit", (code) => resolve(code)),
    );
    const started = Date.now();
    server.child.kill("SIGTERM");
    const code = await exited;
    expect(Date.now() - started).toBeLessThan(10_000);
    return code;
  }

  it("sends with its workers, stops on SIGTERM, and a WORKERS=0 instance's mail waits for one with workers", async () => {
    const smtp = await startSmtpServer();
    const webDir = path.join(tempDir, "web");
    mkdirSync(webDir);
    const port = await freePort();
    const env = serverEnv({
      port,
      smtpUrl: smtp.url,
      webDir,
      dataDir: path.join(tempDir, "data"),
    });
    const base = env.BASE_URL!;
    try {
      const first = await startServerProcess(env);
      running.push(first);
      const email = uniqueEmail("server-jobs");
      // the verification e-mail goes out through the server's own worker
      await signUpOverHttp(base, smtp, email);
      expect(await stopWithSigterm(first)).toBe(0);

      const apiOnly = await startServerProcess({ ...env, WORKERS: "0" });
      running.push(apiOnly);
      const before = smtp.messages.length;
      const reset = await fetch(`${base}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email, redirectTo: "/reset-password" }),
      });
      expect(reset.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(smtp.messages.length).toBe(before);
      expect(await stopWithSigterm(apiOnly)).toBe(0);

      const worker = await startServerProcess(env);
      running.push(worker);
      const mail = await smtp.waitFor(email, 20_000, 1);
      expect(mail.raw).toMatch(/reset-password/);
      expect(await stopWithSigterm(worker)).toBe(0);
    } finally {
      await smtp.close();
    }
  }, 240_000);
});
