import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedConfigListSchema, embedConfigSchema } from "../../src/contracts/embed.ts";
import { embedConfigs, profiles } from "../../src/server/db/schema.ts";
import { createEmbedConfig } from "../../src/server/services/create-embed-config.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

describe(`/api/embed-configs on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const setPlan = (user: SignedInUser, plan: "free" | "standard" | "pro") =>
    testApp.database.db.update(profiles).set({ plan }).where(eq(profiles.id, user.id));

  const create = (user: SignedInUser, body: unknown) =>
    user.json("POST", "/api/embed-configs", body);

  async function created(user: SignedInUser, body: unknown) {
    const response = await create(user, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return embedConfigSchema.parse(await response.json());
  }

  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;

  it("answers 401 without a session on every route, and stores nothing", async () => {
    const before = (await testApp.database.db.select().from(embedConfigs)).length;
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["GET", "/api/embed-configs"],
      ["POST", "/api/embed-configs"],
      ["PATCH", `/api/embed-configs/${id}`],
      ["DELETE", `/api/embed-configs/${id}`],
    ] as const) {
      const response = await testApp.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" || method === "DELETE" ? undefined : JSON.stringify({ name: "x" }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await testApp.database.db.select().from(embedConfigs)).length).toBe(before);
  });

  it("creates an active configuration with normalised domains and a 32-character key", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-create"));
    const config = await created(user, {
      name: "  Mosque site  ",
      allowedDomains: ["HTTPS://WWW.Mosque.org/zakat"],
      config: { language: "fr", currency: "USD", primaryColor: "#ABCDEF", accentColor: "123" },
    });
    expect(config).toEqual({
      id: expect.any(String),
      embedKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      name: "Mosque site",
      allowedDomains: ["www.mosque.org"],
      config: { language: "fr", currency: "USD", primaryColor: "#abcdef", accentColor: "#123" },
      callToAction: null,
      isActive: true,
      createdAt: expect.any(String),
    });
    const [row] = await testApp.database.db
      .select()
      .from(embedConfigs)
      .where(eq(embedConfigs.id, config.id));
    expect(row).toMatchObject({ userId: user.id, embedKey: config.embedKey, isActive: true });

    // without config: an empty one
    const plain = await created(user, { name: "Plain", allowedDomains: ["localhost"] });
    expect(plain.config).toEqual({});
  });

  it("refuses what spec §5 refuses, with the field codes the manager translates", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-validate"));
    const cases: [unknown, Record<string, string>][] = [
      [{ name: "   ", allowedDomains: ["a.com"] }, { name: "nameRequired" }],
      [{ allowedDomains: ["a.com"] }, { name: "nameRequired" }],
      [{ name: "x", allowedDomains: [] }, { allowedDomains: "domainRequired" }],
      [{ name: "x" }, { allowedDomains: "domainRequired" }],
      [{ name: "x", allowedDomains: ["a.com", "x.com:8080"] }, { "allowedDomains.1": "invalid" }],
      [{ name: "x", allowedDomains: ["a.com", "A.COM/x"] }, { "allowedDomains.1": "duplicate" }],
      [{ name: "x", allowedDomains: ["10.0.0.1"] }, { "allowedDomains.0": "invalid" }],
      [{ name: "x", allowedDomains: ["*.com"] }, { "allowedDomains.0": "invalid" }],
      [
        { name: "x", allowedDomains: ["a.com"], config: { primaryColor: "red" } },
        { "config.primaryColor": "invalid_color" },
      ],
      [
        { name: "x", allowedDomains: ["a.com"], config: { currency: "JPY", language: "de" } },
        { "config.currency": "invalid_currency", "config.language": "invalid_language" },
      ],
      [{ name: "x", allowedDomains: ["a.com"], isActive: false }, { isActive: "unknown_field" }],
    ];
    for (const [body, fields] of cases) {
      const response = await create(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response), JSON.stringify(body)).toEqual({
        code: "VALIDATION_FAILED",
        message: "Validation failed.",
        fields,
      });
    }
    const list = embedConfigListSchema.parse(
      await (await user.request("/api/embed-configs")).json(),
    );
    expect(list).toEqual([]);
  });

  it("lists only the caller's configurations, newest first", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-list"));
    const other = await signUpAndSignIn(testApp, uniqueEmail("embed-list-other"));
    await created(other, { name: "Theirs", allowedDomains: ["theirs.org"] });
    const first = await created(user, { name: "First", allowedDomains: ["a.org"] });
    const second = await created(user, { name: "Second", allowedDomains: ["b.org"] });
    const response = await user.request("/api/embed-configs");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const list = embedConfigListSchema.parse(await response.json());
    expect(list.map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it("PATCH renames, replaces the domains, disables and enables the caller's own", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-patch"));
    const config = await created(user, { name: "Site", allowedDomains: ["a.org"] });
    const patch = (body: unknown) => user.json("PATCH", `/api/embed-configs/${config.id}`, body);

    let response = await patch({ name: "  Renamed " });
    expect(response.status).toBe(200);
    expect(embedConfigSchema.parse(await response.json())).toMatchObject({
      name: "Renamed",
      allowedDomains: ["a.org"],
      isActive: true,
      embedKey: config.embedKey,
    });

    response = await patch({ allowedDomains: ["https://B.org/", "é.fr"] });
    expect(embedConfigSchema.parse(await response.json()).allowedDomains).toEqual([
      "b.org",
      "xn--9ca.fr",
    ]);

    response = await patch({ isActive: false });
    expect(embedConfigSchema.parse(await response.json()).isActive).toBe(false);
    response = await patch({ isActive: true });
    expect(embedConfigSchema.parse(await response.json()).isActive).toBe(true);

    // a list may become empty (the key then shows the restricted page)
    response = await patch({ allowedDomains: [] });
    expect(embedConfigSchema.parse(await response.json()).allowedDomains).toEqual([]);

    // the display settings are replaced as a whole: what is left out is open to the URL
    response = await patch({ config: { language: "fr", currency: "USD", primaryColor: "ABC" } });
    expect(response.status).toBe(200);
    expect(embedConfigSchema.parse(await response.json()).config).toEqual({
      language: "fr",
      currency: "USD",
      primaryColor: "#abc",
    });
    response = await patch({ config: { primaryColor: "#abc" } });
    expect(embedConfigSchema.parse(await response.json()).config).toEqual({
      primaryColor: "#abc",
    });

    for (const [body, fields] of [
      [{ name: "  " }, { name: "nameRequired" }],
      [{ allowedDomains: ["a.org", "a.org"] }, { "allowedDomains.1": "duplicate" }],
      [{ allowedDomains: ["bad domain"] }, { "allowedDomains.0": "invalid" }],
      [{ isActive: "yes" }, { isActive: "invalid" }],
      [{}, { body: "nothing_to_update" }],
      [{ embedKey: "x".repeat(32) }, { embedKey: "unknown_field" }],
      [{ config: { language: "de" } }, { "config.language": "invalid_language" }],
      [{ config: { currency: "JPY" } }, { "config.currency": "invalid_currency" }],
      [{ config: { accentColor: "red" } }, { "config.accentColor": "invalid_color" }],
      [{ config: { font: "x" } }, { "config.font": "unknown_field" }],
      [{ config: "fr" }, { config: "invalid" }],
    ] as const) {
      response = await patch(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).fields, JSON.stringify(body)).toEqual(fields);
    }
    const [row] = await testApp.database.db
      .select()
      .from(embedConfigs)
      .where(eq(embedConfigs.id, config.id));
    expect(row).toMatchObject({
      name: "Renamed",
      allowedDomains: [],
      embedKey: config.embedKey,
      config: { primaryColor: "#abc" },
    });
  });

  it("answers 404 for another user's configuration, an unknown id and a non-UUID, changing nothing", async () => {
    const owner = await signUpAndSignIn(testApp, uniqueEmail("embed-owner"));
    const stranger = await signUpAndSignIn(testApp, uniqueEmail("embed-stranger"));
    const config = await created(owner, { name: "Mine", allowedDomains: ["mine.org"] });
    for (const id of [config.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      for (const response of [
        await stranger.json("PATCH", `/api/embed-configs/${id}`, { name: "Stolen" }),
        // the id is checked before the body: even an invalid body gets the 404
        await stranger.json("PATCH", `/api/embed-configs/${id}`, { name: "" }),
        await stranger.json("DELETE", `/api/embed-configs/${id}`),
      ]) {
        expect(response.status, id).toBe(404);
        expect(await errorOf(response)).toEqual({
          code: "NOT_FOUND",
          message: "Embed configuration not found.",
        });
      }
    }
    const list = embedConfigListSchema.parse(
      await (await owner.request("/api/embed-configs")).json(),
    );
    expect(list).toEqual([config]);
    expect(
      embedConfigListSchema.parse(await (await stranger.request("/api/embed-configs")).json()),
    ).toEqual([]);
  });

  it("DELETE removes the caller's own; a second DELETE is 404", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-delete"));
    const config = await created(user, { name: "Gone", allowedDomains: ["gone.org"] });
    const response = await user.json("DELETE", `/api/embed-configs/${config.id.toUpperCase()}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await user.json("DELETE", `/api/embed-configs/${config.id}`)).status).toBe(404);
    expect(
      await testApp.database.db.select().from(embedConfigs).where(eq(embedConfigs.id, config.id)),
    ).toEqual([]);
  });

  it("enforces the plan's embed domains over all the caller's configurations (free: 2)", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-free"));
    const limited = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: "PLAN_LIMIT_REACHED",
        message: "Your plan allows 2 embed domains. Upgrade to add more.",
        fields: { limit: "embedDomains", plan: "free", limitValue: "2", upgradeTo: "standard" },
      });
    };
    await limited(
      await create(user, { name: "Three", allowedDomains: ["a.org", "b.org", "c.org"] }),
    );
    const first = await created(user, { name: "One", allowedDomains: ["a.org"] });
    // the same domain in another configuration counts once
    const second = await created(user, { name: "Two", allowedDomains: ["a.org", "b.org"] });
    await limited(await create(user, { name: "Three", allowedDomains: ["c.org"] }));
    await limited(
      await user.json("PATCH", `/api/embed-configs/${first.id}`, {
        allowedDomains: ["a.org", "c.org"],
      }),
    );
    // replacing one domain by another keeps the count
    const swapped = await user.json("PATCH", `/api/embed-configs/${second.id}`, {
      allowedDomains: ["a.org", "c.org"],
    });
    expect(swapped.status).toBe(200);
    // disabled configurations count too
    await user.json("PATCH", `/api/embed-configs/${second.id}`, { isActive: false });
    await limited(await create(user, { name: "Four", allowedDomains: ["d.org"] }));
    expect(
      embedConfigListSchema.parse(await (await user.request("/api/embed-configs")).json()),
    ).toHaveLength(2);
  });

  it("lets an account over its limit (a downgrade) remove domains and rename, never add", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-downgrade"));
    await setPlan(user, "standard");
    const config = await created(user, {
      name: "Big",
      allowedDomains: ["a.org", "b.org", "c.org", "d.org", "e.org"],
    });
    await setPlan(user, "free");
    const patch = (body: unknown) => user.json("PATCH", `/api/embed-configs/${config.id}`, body);
    expect((await patch({ name: "Still big" })).status).toBe(200);
    expect(
      (await patch({ allowedDomains: ["a.org", "b.org", "c.org", "f.org", "g.org", "h.org"] }))
        .status,
    ).toBe(403);
    expect((await patch({ allowedDomains: ["a.org", "b.org", "c.org"] })).status).toBe(200);
    expect((await patch({ allowedDomains: ["a.org", "b.org", "z.org"] })).status).toBe(200);
  });

  it("standard allows 8 domains, pro has no limit", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-plans"));
    await setPlan(user, "standard");
    const eight = Array.from({ length: 8 }, (_, i) => `site${i}.org`);
    await created(user, { name: "Eight", allowedDomains: eight });
    expect((await create(user, { name: "Nine", allowedDomains: ["site9.org"] })).status).toBe(403);
    await setPlan(user, "pro");
    const many = Array.from({ length: 40 }, (_, i) => `pro${i}.org`);
    await created(user, { name: "Many", allowedDomains: many });
  });

  it("concurrent creates cannot both pass the limit", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-race"));
    const responses = await Promise.all(
      ["a.org", "b.org", "c.org", "d.org"].map((d, i) =>
        create(user, { name: `Race ${i}`, allowedDomains: [d] }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
  });

  it("gives every configuration its own key from the whole alphabet", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-keys"));
    await setPlan(user, "pro");
    const keys: string[] = [];
    for (let i = 0; i < 30; i++) {
      keys.push((await created(user, { name: `K${i}`, allowedDomains: [`k${i}.org`] })).embedKey);
    }
    expect(new Set(keys).size).toBe(30);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    // 960 characters: every class of the alphabet shows up
    const all = keys.join("");
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/[0-9]/);
  });

  it("draws a key again when it is already taken; the database refuses duplicates and bad keys", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("embed-collide"));
    await setPlan(user, "pro");
    const taken = "A".repeat(32);
    const fresh = "B".repeat(32);
    const db = testApp.database.db;
    await createEmbedConfig({
      db,
      userId: user.id,
      name: "First",
      allowedDomains: ["one.org"],
      generateKey: () => taken,
    });
    const draws = [taken, fresh];
    const second = await createEmbedConfig({
      db,
      userId: user.id,
      name: "Second",
      allowedDomains: ["two.org"],
      generateKey: () => draws.shift()!,
    });
    expect(second.embedKey).toBe(fresh);
    expect(draws).toEqual([]);

    await expect(
      db.insert(embedConfigs).values({ userId: user.id, embedKey: taken, name: "Dup" }),
    ).rejects.toThrow();
    await expect(
      db.insert(embedConfigs).values({ userId: user.id, embedKey: "short", name: "Bad" }),
    ).rejects.toThrow();
  });
});
