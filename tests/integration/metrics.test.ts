import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { createMetrics } from "../../src/server/metrics/metrics.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  parsePrometheusText,
  sampleValue,
  samplesNamed,
  type Sample,
} from "../helpers/prometheus-text.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  type TestApp,
} from "../helpers/test-app.ts";
import { workspacesOf } from "../helpers/workspaces.ts";

// GET /metrics (issue 31, decision 062) in the real app on the real database: requests counted
// per route template, never per URL; the database's, the jobs', the mail worker's and the
// sign-ins' figures; the token required; one set per app.

const token = "metrics-token-".padEnd(48, "x");
const count = "hawl_http_request_duration_seconds_count";

describe(`metrics on ${testEngine()}`, () => {
  let testApp: TestApp;
  let person: SignedInUser;
  let ws: string;

  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN: token }, relaxedAuthLimits);
    person = await signUpAndSignIn(testApp, uniqueEmail("metrics"));
    ws = (await workspacesOf(person))[0]!.id;
  });
  afterAll(() => testApp?.close());

  async function scrape(app: { request: TestApp["request"] } = testApp): Promise<Sample[]> {
    const response = await app.request("/metrics", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  }

  const requests = (method: string, route: string, statusClass = "2xx") => ({
    method,
    route,
    status_class: statusClass,
  });

  it("counts each route's requests under its template, whatever the URL", async () => {
    const before = await scrape();
    const n = { history: 7, me: 5, calculate: 3, unknown: 4, badSignIn: 2 };
    for (let i = 0; i < n.history; i++) {
      const page = await person.request(`/api/workspaces/${ws}/calculations?page=${i + 1}`);
      expect(page.status).toBe(200);
    }
    for (let i = 0; i < n.me; i++) expect((await person.request("/api/me")).status).toBe(200);
    for (let i = 0; i < n.calculate; i++) {
      const answer = await testApp.request("/api/calculate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(calculateRequestExample),
      });
      expect(answer.status).toBe(200);
    }
    for (let i = 0; i < n.unknown; i++) {
      expect((await testApp.request(`/api/no-such-route-${i}`)).status).toBe(404);
    }
    for (let i = 0; i < n.badSignIn; i++) {
      const refused = await testApp.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: person.email, password: "not the password at all" }),
      });
      expect(refused.status).toBe(401);
    }
    const text = await (
      await testApp.request("/metrics", { headers: { authorization: `Bearer ${token}` } })
    ).text();
    const after = parsePrometheusText(text);
    const added = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);

    const expected: Array<[Record<string, string>, number]> = [
      [requests("GET", "/api/workspaces/:ws/calculations"), n.history],
      [requests("GET", "/api/me"), n.me],
      [requests("POST", "/api/calculate"), n.calculate],
      [requests("GET", "unmatched", "4xx"), n.unknown],
      [requests("POST", "/api/auth/sign-in/email", "4xx"), n.badSignIn],
      // the scrape before this test's requests
      [requests("GET", "/metrics"), 1],
    ];
    for (const [labels, times] of expected) {
      expect(added(count, labels), JSON.stringify(labels)).toBe(times);
      expect(added("hawl_http_requests_total", labels), JSON.stringify(labels)).toBe(times);
      // the histogram's buckets hold every one of them
      expect(added("hawl_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
        times,
      );
    }
    expect(added("hawl_sign_in_failures_total", { reason: "invalid_credentials" })).toBe(
      n.badSignIn,
    );
    // labels come from the route table: no workspace id, no page number, no unknown path
    expect(text).not.toContain(ws);
    expect(text).not.toContain("no-such-route");
    expect(text).not.toContain("page=");
    const routes = new Set(samplesNamed(after, count).map((sample) => sample.labels.route));
    expect([...routes].every((route) => route === "unmatched" || route!.startsWith("/"))).toBe(
      true,
    );
  });

  it("shows the database, the jobs, the mail worker and the process", async () => {
    await testApp.mailSettled();
    const samples = await scrape();
    // the verification e-mail of beforeAll, through the real mail worker to the SMTP peer
    expect(sampleValue(samples, "hawl_mail_sent_total")).toBeGreaterThanOrEqual(1);
    if (testEngine() === "postgres") {
      const pool = samplesNamed(samples, "hawl_db_pool_connections").map((s) => s.labels.state);
      expect(pool.sort()).toEqual(["idle", "in_use"]);
      expect(sampleValue(samples, "hawl_db_pool_waiting")).toBe(0);
      expect(samplesNamed(samples, "hawl_pglite_queue_length")).toEqual([]);
    } else {
      expect(samplesNamed(samples, "hawl_pglite_queue_length")).toHaveLength(1);
      expect(samplesNamed(samples, "hawl_db_pool_connections")).toEqual([]);
    }
    expect(sampleValue(samples, "hawl_job_stats_up")).toBe(1);
    for (const queue of ["mail", "reminder-scan"]) {
      for (const state of ["created", "retry", "active"]) {
        expect(samplesNamed(samples, "hawl_job_queue_depth")).toContainEqual({
          name: "hawl_job_queue_depth",
          labels: { queue, state },
          value: expect.any(Number),
        });
      }
    }
    // a job that failed its last attempt, as pg-boss leaves it, is counted
    const failedBefore = sampleValue(samples, "hawl_jobs_failed", { queue: "reminder-scan" });
    await testApp.database.db.execute(
      sql`insert into pgboss.job (name, state) values ('reminder-scan', 'failed')`,
    );
    const withFailed = await scrape();
    expect(sampleValue(withFailed, "hawl_jobs_failed", { queue: "reminder-scan" })).toBe(
      failedBefore + 1,
    );
    await testApp.database.db.execute(
      sql`delete from pgboss.job where name = 'reminder-scan' and state = 'failed'`,
    );
    // the process's own figures (collectDefaultMetrics)
    expect(sampleValue(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(samplesNamed(samples, "nodejs_eventloop_lag_seconds")).toHaveLength(1);
  });

  it("answers a scrape in time while the database is held, without pg-boss's counts", async () => {
    const metrics = createMetrics({ database: testApp.database, jobStatsTimeoutMs: 300 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // PGlite: an open transaction makes every other query wait; PostgreSQL: the lock does
    const holder = testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table pgboss.job in access exclusive mode`);
      locked();
      await held;
    });
    try {
      await isLocked;
      const started = performance.now();
      const samples = parsePrometheusText(await metrics.render());
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(sampleValue(samples, "hawl_job_stats_up")).toBe(0);
      expect(samplesNamed(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
    } finally {
      release();
      await holder;
    }
    // the query still running is awaited by the next scrape, which has the counts again
    expect(sampleValue(parsePrometheusText(await metrics.render()), "hawl_job_stats_up")).toBe(1);
  });

  it("needs the bearer token: 401 in the API's error shape without it or with another", async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${token}`).toString("base64")}` },
      { authorization: token },
    ];
    for (const headers of attempts) {
      const response = await testApp.request("/metrics", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.json()).toEqual({
        error: { code: "UNAUTHENTICATED", message: expect.any(String) },
      });
    }
    const post = await testApp.request("/metrics", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(post.status).toBe(404);
  });

  it("is 404 without METRICS_TOKEN, and each app counts its own requests", async () => {
    const withoutToken: Array<Record<string, string>> = [{}, { METRICS_PORT: "9464" }];
    for (const overrides of withoutToken) {
      const sibling = createSiblingApp(testApp, overrides);
      const response = await sibling.request("/metrics", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, JSON.stringify(overrides)).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "NOT_FOUND", message: expect.any(String) },
      });
    }
    // a second app in this process with metrics: its own registry, no name collision
    const other = createSiblingApp(testApp, { METRICS_TOKEN: token });
    const before = sampleValue(await scrape(), count, requests("GET", "/healthz"));
    for (let i = 0; i < 3; i++) expect((await other.request("/healthz")).status).toBe(200);
    expect(sampleValue(await scrape(other), count, requests("GET", "/healthz"))).toBe(3);
    expect(sampleValue(await scrape(), count, requests("GET", "/healthz"))).toBe(before);
  });

  it("tells wrong passwords from sign-ins refused at the failure limit", async () => {
    const strict = createSiblingApp(
      testApp,
      { METRICS_TOKEN: token },
      { auth: { signInFailures: { accountAddress: { max: 1, windowSeconds: 3600 } } } },
    );
    const email = uniqueEmail("metrics-locked");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await strict.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "not the password at all" }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 429, 429]);
    const samples = await scrape(strict);
    const failures = "hawl_sign_in_failures_total";
    expect(sampleValue(samples, failures, { reason: "invalid_credentials" })).toBe(1);
    expect(sampleValue(samples, failures, { reason: "locked" })).toBe(2);
    const signIns = (statusClass: string) =>
      sampleValue(samples, count, requests("POST", "/api/auth/sign-in/email", statusClass));
    expect(signIns("4xx")).toBe(3);
  });

  // last: the SMTP peer goes away
  it("counts the mail worker's failed attempts", async () => {
    await testApp.smtp.close();
    const reset = await testApp.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: person.email, redirectTo: "/reset-password" }),
    });
    expect(reset.status).toBe(200);
    const deadline = Date.now() + 10_000;
    let failed = 0;
    while (failed === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      failed = sampleValue(await scrape(), "hawl_mail_failed_total", { final: "false" });
    }
    expect(failed).toBeGreaterThanOrEqual(1);
  });
});
