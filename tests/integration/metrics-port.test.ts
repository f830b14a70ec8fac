import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import { parsePrometheusText, sampleValue } from "../helpers/prometheus-text.ts";
import {
  freePort,
  serverEnv,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

// METRICS_PORT in the real server process (issue 31, decision 062): /metrics on a listener of
// its own bound to 127.0.0.1, none on the public port, even with the app on every interface.
// The binding is what is tested, not the engine: PGlite, a data directory of its own.

/** An address of this machine that is not loopback: the metrics port must refuse it. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  }
}

describe.skipIf(testEngine() !== "pglite")("METRICS_PORT in the server process", () => {
  const tempDir = mkdtempSync(path.join(tmpdir(), "hawl-metrics-port-"));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.kill();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it("serves /metrics on loopback only, and the public port has none", async () => {
    const smtp = await startSmtpServer();
    const webDir = path.join(tempDir, "web");
    mkdirSync(webDir);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env: Record<string, string> = {
      ...serverEnv({ port, smtpUrl: smtp.url, webDir, dataDir: path.join(tempDir, "data") }),
      // the app on every interface: only the metrics listener stays on loopback
      HOST: "0.0.0.0",
      METRICS_PORT: String(metricsPort),
    };
    try {
      running.push(await startServerProcess(env));
      const base = env.BASE_URL!;
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${base}/api/openapi.json`)).status).toBe(200);
      }
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      const samples = parsePrometheusText(await scrape.text());
      const openapi = { method: "GET", route: "/api/openapi.json", status_class: "2xx" };
      expect(sampleValue(samples, "hawl_http_request_duration_seconds_count", openapi)).toBe(3);
      expect(sampleValue(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);

      const publicMetrics = await fetch(`${base}/metrics`);
      expect(publicMetrics.status).toBe(404);
      expect(await publicMetrics.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
      expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);

      const outside = outsideAddress();
      if (outside) {
        // the app answers on that address; the metrics port does not listen there
        expect((await fetch(`http://${outside}:${port}/healthz`)).status).toBe(200);
        expect(await refused(`http://${outside}:${metricsPort}/metrics`)).toBe(true);
      }
    } finally {
      await smtp.close();
    }
  });
});
