// `npx tsx tests/bench/metrics-overhead-bench.ts`: what counting a request costs (decision 062),
// in one process, without the network and the database: the real app (createApp) answering
// GET /healthz (the cheapest route, where the middleware's share is largest) with metrics off
// and on, rounds alternated, CPU time per request from
// process.cpuUsage(). The API bench (METRICS=0 npm run bench:api) measures the same over HTTP,
// where a shared machine's noise is larger than the difference.

import pino from "pino";
import { createApp } from "../../src/server/app.ts";
import { openPglite } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";

const requests = Number(process.env.REQUESTS ?? 20_000);
const rounds = Number(process.env.ROUNDS ?? 5);

const database = await openPglite({});
const deps = {
  database,
  logger: pino({ level: "silent" }),
  mailer: { send: async () => {}, outbox: () => null },
};
const base = { NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32), LOG_LEVEL: "silent" };
const apps = {
  off: createApp({ ...deps, env: parseEnv(base) }),
  on: createApp({ ...deps, env: parseEnv({ ...base, METRICS_TOKEN: "t".repeat(32) }) }),
};

async function cpuPerRequest(app: (typeof apps)["on"], path: string): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const response = await app.request(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / requests;
}

for (const path of ["/healthz"]) {
  const figures: Record<"off" | "on", number[]> = { off: [], on: [] };
  await cpuPerRequest(apps.off, path);
  await cpuPerRequest(apps.on, path);
  for (let round = 0; round < rounds; round++) {
    figures.off.push(await cpuPerRequest(apps.off, path));
    figures.on.push(await cpuPerRequest(apps.on, path));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const [off, on] = [median(figures.off), median(figures.on)];
  console.log(
    `${path.padEnd(18)} off ${off.toFixed(1)} µs/req  on ${on.toFixed(1)} µs/req  on/off ${(on / off).toFixed(3)}  (+${(on - off).toFixed(1)} µs; ${rounds} rounds of ${requests}, medians)`,
  );
}
// the app with metrics did count them all
const scraped = await apps.on.request("/metrics", {
  headers: { authorization: `Bearer ${"t".repeat(32)}` },
});
const line = (await scraped.text())
  .split("\n")
  .find((l) => l.startsWith('hawl_http_requests_total{method="GET",route="/healthz"'));
console.log(`counted by /metrics: ${line}`);
await database.close();
