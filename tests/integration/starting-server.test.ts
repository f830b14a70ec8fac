import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import { freePort, serverCommand, serverEnv } from "../helpers/server-process.ts";

// Decision 018: the server listens before its database is open. While PGlite opens a fresh
// data directory, /healthz is 200 and every other request, /readyz included, a 503
// UNAVAILABLE with Retry-After; once migrated, /readyz is 200. PGlite: its opening takes long
// enough to be seen.

const root = path.resolve(import.meta.dirname, "../..");

describe.skipIf(testEngine() !== "pglite")("a starting server", () => {
  const tempDir = mkdtempSync(path.join(tmpdir(), "hawl-starting-"));
  afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

  it("answers /healthz at once, 503 elsewhere until the database is ready", async () => {
    const webDir = path.join(tempDir, "web");
    mkdirSync(webDir);
    const port = await freePort();
    const env = serverEnv({
      port,
      smtpUrl: "smtp://127.0.0.1:1",
      webDir,
      dataDir: path.join(tempDir, "data"),
    });
    const child = spawn(process.execPath, serverCommand(), {
      cwd: root,
      env: { ...process.env, PRICES_PROVIDER: "none", ...env, DATABASE_URL: "" },
      stdio: "ignore",
    });
    const base = env.BASE_URL!;
    const seen: string[] = [];
    let starting: Response | null = null;
    try {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const [health, ready, api] = await Promise.all(
          ["/healthz", "/readyz", "/api/me"].map((route) =>
            fetch(`${base}${route}`).catch(() => null),
          ),
        );
        if (health && ready && api) {
          seen.push(`${health.status} ${ready.status} ${api.status}`);
          if (ready.status === 503) starting = api;
          if (ready.status === 200) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      child.kill("SIGKILL");
    }
    // first starting (health 200, the rest 503), then ready (the API answers by itself: 401)
    expect(seen[0]).toBe("200 503 503");
    expect(seen.at(-1)).toBe("200 200 401");
    expect(starting!.headers.get("retry-after")).toBe("1");
    expect(((await starting!.json()) as { error: { code: string } }).error.code).toBe(
      "UNAVAILABLE",
    );
  }, 150_000);
});
