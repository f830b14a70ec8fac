import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pricesResponseSchema, type PricesResponse } from "../../src/contracts/prices.ts";
import { priceCache } from "../../src/server/db/schema.ts";
import { defaultPrices, defaultPricesSetOn } from "../../src/server/prices/defaults.ts";
import { testEngine } from "../helpers/database.ts";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app.ts";

// PRICES_PROVIDER=gold-api against a real HTTP server on loopback speaking gold-api.com's
// documented format: GET /price/{XAU|XAG}/{currency} → { price (per troy ounce), exchangeRate,
// updatedAt, currency, symbol, … }. Its answers are switched per test; the app's clock moves.
// One database per file; each test starts from an empty price cache and a new app (so a new
// price service: nothing in memory either).

const timeoutMs = 300;
const ttlSeconds = 600;
const start = new Date("2026-11-20T12:00:00.000Z");

type Mode = "ok" | "slow" | "error" | "garbage" | "thirtyTimes" | "lacksCurrency";

interface GoldApi {
  url: string;
  hits: string[];
  mode: Mode;
  /** per troy ounce, per currency */
  ounce: Record<string, { XAU: number; XAG: number; rate: number }>;
  close(): Promise<void>;
}

async function startGoldApi(): Promise<GoldApi> {
  const timers = new Set<NodeJS.Timeout>();
  const api: Omit<GoldApi, "close"> = {
    url: "",
    hits: [],
    mode: "ok",
    ounce: {
      EUR: { XAU: 3467.2, XAG: 42.05, rate: 0.8634 },
      USD: { XAU: 4015.8, XAG: 48.7, rate: 1 },
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    api.hits.push(req.url ?? "");
    const match = /^\/price\/(XAU|XAG)\/([A-Z]{3})$/.exec(req.url ?? "");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!match) return json(404, { error: "not found" });
    const [, symbol, asked] = match as unknown as [string, "XAU" | "XAG", string];
    if (api.mode === "error") return json(503, { error: "upstream" });
    if (api.mode === "garbage") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>rate limited</html>");
      return;
    }
    // a currency it lacks: the service answers in US dollars instead
    const currency = api.ounce[asked] && api.mode !== "lacksCurrency" ? asked : "USD";
    const entry = api.ounce[currency]!;
    const price = api.mode === "thirtyTimes" ? entry[symbol] * 30 : entry[symbol];
    const body = {
      currency,
      currencySymbol: "",
      exchangeRate: entry.rate,
      name: symbol === "XAU" ? "Gold" : "Silver",
      price,
      symbol,
      updatedAt: start.toISOString(),
      updatedAtReadable: "a few seconds ago",
    };
    if (api.mode !== "slow") return json(200, body);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) json(200, body);
    }, timeoutMs * 4);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(api, {
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

describe(`GET /api/prices with PRICES_PROVIDER=gold-api on ${testEngine()}`, () => {
  let api: GoldApi;
  /** the database, clock and jobs of the file */
  let base: TestApp;
  /** the app under test: a new one per test (freshApp) */
  let testApp: ReturnType<typeof createSiblingApp>;
  let clock: Date;

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    base.setNow(clock);
  };

  async function getPrices(currency: string): Promise<PricesResponse> {
    const response = await testApp.request(`/api/prices?currency=${currency}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return pricesResponseSchema.parse(await response.json());
  }

  const defaults = (currency: keyof typeof defaultPrices): PricesResponse => ({
    ...defaultPrices[currency],
    currency,
    source: "default",
    fetchedAt: `${defaultPricesSetOn}T00:00:00.000Z`,
  });

  beforeAll(async () => {
    api = await startGoldApi();
    base = await createTestApp();
    // the process's first fetch loads and compiles its HTTP client: not part of the source's
    // 300 ms budget that the tests hold the service to (a loaded machine went past it)
    await (await fetch(`${api.url}/price/XAU/EUR`)).text();
    api.hits = [];
  });
  afterAll(async () => {
    await base?.close();
    await api.close();
  });
  afterEach(() => {
    api.hits = [];
    api.mode = "ok";
  });

  async function freshApp() {
    await base.database.db.delete(priceCache);
    testApp = createSiblingApp(base, {
      PRICES_PROVIDER: "gold-api",
      GOLD_API_BASE_URL: api.url,
      PRICES_TIMEOUT_MS: String(timeoutMs),
      PRICES_TTL_SECONDS: String(ttlSeconds),
    });
    clock = start;
    base.setNow(clock);
  }

  it("answers the per-gram price (ounce ÷ 31.1035), fetched at most once per TTL, nothing at start-up", async () => {
    await freshApp();
    expect(api.hits).toEqual([]);
    expect(await getPrices("EUR")).toEqual({
      goldPerGram: "111.472985",
      silverPerGram: "1.351938",
      currency: "EUR",
      source: "live",
      fetchedAt: start.toISOString(),
    });
    expect([...api.hits].sort()).toEqual(["/price/XAG/EUR", "/price/XAU/EUR"]);

    advance(ttlSeconds * 1000 - 1);
    expect((await getPrices("EUR")).source).toBe("live");
    expect(api.hits).toHaveLength(2);

    advance(2);
    await getPrices("EUR");
    expect(api.hits).toHaveLength(4);
  });

  it("shares one fetch between concurrent requests", async () => {
    await freshApp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => getPrices("USD")));
    expect(answers.map((a) => a.goldPerGram)).toEqual(Array(5).fill("129.110872"));
    expect(api.hits).toHaveLength(2);
  });

  it.each([
    ["a slow answer", "slow"],
    ["an error", "error"],
    ["garbage", "garbage"],
    ["a price 30× off", "thirtyTimes"],
    ["another currency than the one asked (a currency the source lacks)", "lacksCurrency"],
  ] as const)("refuses %s: the shipped prices answer, with their date", async (_name, mode) => {
    await freshApp();
    api.mode = mode;
    expect(await getPrices("EUR")).toEqual(defaults("EUR"));
    expect(api.hits.length).toBeGreaterThan(0);
  });

  it("after a good fetch, a failing source answers the last known prices as cache", async () => {
    await freshApp();
    const live = await getPrices("EUR");
    api.mode = "error";
    advance(ttlSeconds * 1000 + 1);
    expect(await getPrices("EUR")).toEqual({ ...live, source: "cache" });
  });

  it("a currency the source lacks fails for that currency only", async () => {
    await freshApp();
    expect(await getPrices("MYR")).toEqual(defaults("MYR"));
    expect((await getPrices("USD")).source).toBe("live");
  });
});
