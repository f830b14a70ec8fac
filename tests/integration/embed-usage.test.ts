import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedConfigSchema, embedUsageSchema } from "../../src/contracts/embed.ts";
import { embedUsageDaily } from "../../src/server/db/schema.ts";
import { embedEventLimits } from "../../src/server/http/embed-events.ts";
import { resolveEmbedPage } from "../../src/server/services/resolve-embed-page.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";

// Issue 18: the embed's call to action on the configuration, and the usage counts its page
// sends with navigator.sendBeacon (POST /api/embed/events), on both engines.

describe(`embed call to action and usage counts on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    owner = await signUpAndSignIn(testApp, uniqueEmail("embed-usage"));
  });
  afterAll(() => testApp.close());

  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;

  async function created(body: Record<string, unknown> = {}) {
    const response = await owner.json("POST", "/api/embed-configs", {
      name: "Mosque",
      allowedDomains: ["mosque.org", "*.mosque.org"],
      ...body,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return embedConfigSchema.parse(await response.json());
  }

  /** A beacon as the embed page sends it: same-origin, JSON, no cookie. */
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    testApp.request("/api/embed/events", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  const rowsOf = (configId: string) =>
    testApp.database.db
      .select()
      .from(embedUsageDaily)
      .where(eq(embedUsageDaily.configId, configId));

  describe("call to action", () => {
    it("is stored, answered and shown on the embed page in the page's language", async () => {
      const config = await created({
        callToAction: {
          urlTemplate: " https://mosque.org/donate?amount={amount}&currency={currency} ",
          organisation: "  Masjid An-Nour ",
          label: { fr: "  Payez ici  ", nl: "" },
        },
      });
      expect(config.callToAction).toEqual({
        urlTemplate: "https://mosque.org/donate?amount={amount}&currency={currency}",
        organisation: "Masjid An-Nour",
        label: { fr: "Payez ici" },
      });
      const listed = (await (await owner.request("/api/embed-configs")).json()) as unknown[];
      expect(listed).toContainEqual(config);

      // what the embed page hands its bundle (the page's hawl-embed-state)
      const state = async (lang: string) =>
        (
          await resolveEmbedPage({
            db: testApp.database.db,
            pathname: "/embed/calculator",
            search: new URLSearchParams({ key: config.embedKey, lang }),
            referer: "https://www.mosque.org/zakat",
            fetchDest: "iframe",
          })
        ).state as { status: string; callToAction?: unknown };
      expect((await state("fr")).callToAction).toEqual({
        urlTemplate: "https://mosque.org/donate?amount={amount}&currency={currency}",
        organisation: "Masjid An-Nour",
        label: "Payez ici",
      });
      expect((await state("en")).callToAction).toMatchObject({ label: null });
    });

    it.each([
      ["javascript:alert(1)", "https_only"],
      ["data:text/html,hi", "https_only"],
      ["http://mosque.org/donate", "https_only"],
      [`https://mosque.org/?${"a".repeat(2000)}`, "too_long"],
      ["https://mosque.org/?a={total}", "unknown_placeholder"],
      ["not a link", "invalid_url"],
    ])("refuses %s with 400 naming the field (%s), and stores nothing", async (url, code) => {
      const config = await created();
      const before = await owner.request("/api/embed-configs");
      const response = await owner.json("PATCH", `/api/embed-configs/${config.id}`, {
        callToAction: { urlTemplate: url, organisation: "Masjid" },
      });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields).toEqual({ "callToAction.urlTemplate": code });
      expect(await (await owner.request("/api/embed-configs")).json()).toEqual(await before.json());
      const create = await owner.json("POST", "/api/embed-configs", {
        name: "x",
        allowedDomains: ["mosque.org"],
        callToAction: { urlTemplate: url, organisation: "Masjid" },
      });
      expect(create.status).toBe(400);
      expect((await errorOf(create)).fields).toEqual({ "callToAction.urlTemplate": code });
    });

    it("refuses a missing organisation and a long label; null removes the button", async () => {
      const config = await created({
        callToAction: { urlTemplate: "https://mosque.org/give", organisation: "Masjid" },
      });
      const noName = await owner.json("PATCH", `/api/embed-configs/${config.id}`, {
        callToAction: { urlTemplate: "https://mosque.org/give", organisation: "  " },
      });
      expect((await errorOf(noName)).fields).toEqual({ "callToAction.organisation": "required" });
      const longLabel = await owner.json("PATCH", `/api/embed-configs/${config.id}`, {
        callToAction: {
          urlTemplate: "https://mosque.org/give",
          organisation: "Masjid",
          label: { nl: "x".repeat(81) },
        },
      });
      expect((await errorOf(longLabel)).fields).toEqual({ "callToAction.label.nl": "too_long" });
      const removed = await owner.json("PATCH", `/api/embed-configs/${config.id}`, {
        callToAction: null,
      });
      expect(removed.status).toBe(200);
      expect(embedConfigSchema.parse(await removed.json()).callToAction).toBeNull();
    });
  });

  describe("usage counts", () => {
    it("counts events from an allowed domain, one row per day, and stores nothing else", async () => {
      testApp.setNow(new Date("2026-11-25T10:00:00Z"));
      try {
        const config = await created();
        const send = (event: string, site: string) => beacon({ key: config.embedKey, event, site });
        expect((await send("load", "https://mosque.org")).status).toBe(204);
        expect((await send("completed", "https://a.mosque.org:8443")).status).toBe(204);
        expect((await send("due", "http://www.mosque.org/zakat?x=1")).status).toBe(204);
        expect((await send("cta", "https://mosque.org/")).status).toBe(204);
        expect((await send("load", "https://mosque.org")).status).toBe(204);

        const rows = await rowsOf(config.id);
        expect(rows).toEqual([
          {
            configId: config.id,
            day: "2026-11-25",
            loads: 2,
            completed: 1,
            due: 1,
            ctaClicks: 1,
          },
        ]);
        // the row holds these columns and nothing else: no address, agent, referrer or time
        const { rows: columns } = await testApp.database.executeSql(
          `select column_name from information_schema.columns
           where table_name = 'embed_usage_daily' order by ordinal_position`,
        );
        expect(columns.map((c) => (c as { column_name: string }).column_name)).toEqual([
          "config_id",
          "day",
          "loads",
          "completed",
          "due",
          "cta_clicks",
        ]);

        // the next day has its own row
        testApp.setNow(new Date("2026-11-26T00:00:01Z"));
        expect((await send("load", "https://mosque.org")).status).toBe(204);
        expect((await rowsOf(config.id)).map((r) => [r.day, r.loads])).toEqual([
          ["2026-11-25", 2],
          ["2026-11-26", 1],
        ]);

        // the owner sees 30 days with zeros, and the CSV
        const usage = embedUsageSchema.parse(
          await (await owner.request(`/api/embed-configs/${config.id}/usage`)).json(),
        );
        expect(usage.days).toHaveLength(30);
        expect(usage.days[0]!.day).toBe("2026-10-28");
        expect(usage.days.at(-2)).toEqual({
          day: "2026-11-25",
          loads: 2,
          completed: 1,
          due: 1,
          ctaClicks: 1,
        });
        expect(usage.days.at(-1)).toMatchObject({ day: "2026-11-26", loads: 1, completed: 0 });
        expect(usage.days[5]).toEqual({
          day: "2026-11-02",
          loads: 0,
          completed: 0,
          due: 0,
          ctaClicks: 0,
        });
        const csv = await owner.request(`/api/embed-configs/${config.id}/usage.csv`);
        expect(csv.headers.get("content-type")).toContain("text/csv");
        const lines = (await csv.text()).split("\r\n");
        expect(lines[0]).toBe("day,loads,completed,zakat_due,cta_clicks");
        expect(lines).toContain("2026-11-25,2,1,1,1");
        expect(lines).toHaveLength(32); // header, 30 days, the empty string after the last CRLF
      } finally {
        testApp.setNow(null);
      }
    });

    it("refuses another domain, an unknown or inactive key, an unknown event, a cross-site sender", async () => {
      const config = await created();
      const cases: [body: unknown, headers: Record<string, string>, status: number][] = [
        [{ key: config.embedKey, event: "load", site: "https://evil.example" }, {}, 403],
        [{ key: config.embedKey, event: "load", site: "https://mosque.org.evil.example" }, {}, 403],
        [{ key: config.embedKey, event: "load", site: "https://notmosque.org" }, {}, 403],
        [{ key: config.embedKey, event: "load", site: "mosque.org" }, {}, 403],
        [{ key: config.embedKey, event: "load", site: "javascript:alert(1)" }, {}, 403],
        [{ key: config.embedKey, event: "load", site: "" }, {}, 403],
        [{ key: "A".repeat(32), event: "load", site: "https://mosque.org" }, {}, 404],
        [{ key: "short", event: "load", site: "https://mosque.org" }, {}, 400],
        [{ key: config.embedKey, event: "view", site: "https://mosque.org" }, {}, 400],
        [{ key: config.embedKey, event: "load", site: "https://mosque.org", ip: "1" }, {}, 400],
        // a page of the framing site (or any other) posting straight to us: Origin check
        [
          { key: config.embedKey, event: "load", site: "https://mosque.org" },
          { origin: "https://mosque.org" },
          403,
        ],
      ];
      for (const [body, headers, status] of cases) {
        const response = await beacon(body, headers);
        expect(response.status, JSON.stringify([body, headers])).toBe(status);
      }
      // other owners' counts: 404, as a missing configuration
      const other = await signUpAndSignIn(testApp, uniqueEmail("embed-usage-other"));
      expect((await other.request(`/api/embed-configs/${config.id}/usage`)).status).toBe(404);
      expect((await other.request(`/api/embed-configs/${config.id}/usage.csv`)).status).toBe(404);

      // a disabled key no longer counts
      await owner.json("PATCH", `/api/embed-configs/${config.id}`, { isActive: false });
      const disabled = await beacon({
        key: config.embedKey,
        event: "load",
        site: "https://mosque.org",
      });
      expect(disabled.status).toBe(404);
      expect(await rowsOf(config.id)).toEqual([]);
    });

    it("refuses an event without an Origin (403 CROSS_SITE_REQUEST) and counts nothing", async () => {
      // issue 28: a script that sends no Origin was counted (150 a minute); a beacon always
      // carries the embed page's own origin
      const config = await created();
      const body = JSON.stringify({
        key: config.embedKey,
        event: "load",
        site: "https://mosque.org",
      });
      const headers: [string, Record<string, string>][] = [
        ["no Origin", {}],
        ["no Origin, same-origin fetch metadata", { "sec-fetch-site": "same-origin" }],
        ["an allowed domain's Origin", { origin: "https://mosque.org" }],
        ["another site's Origin", { origin: "https://evil.example" }],
        ["Origin null", { origin: "null" }],
      ];
      for (const [what, extra] of headers) {
        const response = await testApp.app.request("/api/embed/events", {
          method: "POST",
          headers: { "content-type": "application/json", ...extra },
          body,
        });
        expect(response.status, what).toBe(403);
        expect((await errorOf(response)).code, what).toBe("CROSS_SITE_REQUEST");
      }
      expect(await rowsOf(config.id)).toEqual([]);
      expect(
        (await beacon({ key: config.embedKey, event: "load", site: "https://mosque.org" })).status,
      ).toBe(204);
    });

    it("groups IPv6 addresses by /64 for the rate limit (issue 28)", async () => {
      const limits = { perWindow: 3, windowMs: 60_000 };
      const behindProxy = createSiblingApp(
        testApp,
        { TRUST_PROXY: "true" },
        { embedEventLimits: limits },
      );
      const config = await created();
      const from = (address: string) =>
        behindProxy.request("/api/embed/events", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({ key: config.embedKey, event: "load", site: "https://mosque.org" }),
        });
      // three addresses of one /64, in several spellings: one bucket
      for (const address of ["2001:db8:1:2::1", "2001:DB8:1:2:0:0:0:2", "2001:db8:1:2:aaaa::3"])
        expect((await from(address)).status, address).toBe(204);
      const limited = await from("2001:0db8:0001:0002:ffff:ffff:ffff:ffff");
      expect(limited.status).toBe(429);
      expect((await errorOf(limited)).code).toBe("RATE_LIMITED");
      // the next /64 and IPv4 addresses have their own buckets; a mapped IPv4 is that IPv4
      expect((await from("2001:db8:1:3::1")).status).toBe(204);
      for (let i = 0; i < 3; i++) expect((await from("192.0.2.7")).status).toBe(204);
      expect((await from("::ffff:192.0.2.7")).status).toBe(429);
      expect((await from("192.0.2.8")).status).toBe(204);
      const [row] = await rowsOf(config.id);
      expect(row!.loads).toBe(3 + 1 + 3 + 1);
    });

    it("holds the rate limit per key (429 with Retry-After), other keys unaffected", async () => {
      const config = await created();
      const second = await created();
      const send = (key: string) => beacon({ key, event: "load", site: "https://mosque.org" });
      const { perWindow } = embedEventLimits;
      for (let i = 0; i < perWindow; i++) expect((await send(config.embedKey)).status).toBe(204);
      const limited = await send(config.embedKey);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await errorOf(limited)).code).toBe("RATE_LIMITED");
      expect((await send(second.embedKey)).status).toBe(204);
      const [row] = await rowsOf(config.id);
      expect(row!.loads).toBe(perWindow);
    });

    it("counts concurrent beacons exactly (one upsert each)", async () => {
      const config = await created();
      const limitedApp = testApp;
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          limitedApp.request("/api/embed/events", {
            method: "POST",
            headers: { "content-type": "application/json", origin: testBaseUrl },
            body: JSON.stringify({
              key: config.embedKey,
              event: "cta",
              site: "https://mosque.org",
            }),
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
      const [row] = await rowsOf(config.id);
      expect(row!.ctaClicks).toBe(5);
    });

    it("deleting the configuration deletes its counts", async () => {
      const config = await created();
      await beacon({ key: config.embedKey, event: "load", site: "https://mosque.org" });
      expect(await rowsOf(config.id)).toHaveLength(1);
      await owner.request(`/api/embed-configs/${config.id}`, { method: "DELETE" });
      expect(await rowsOf(config.id)).toHaveLength(0);
      const { rows } = await testApp.database.executeSql(
        `select count(*)::int as n from embed_usage_daily where config_id = '${config.id}'`,
      );
      expect((rows[0] as { n: number }).n).toBe(0);
    });
  });
});
