import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit, session, verification } from "../../src/server/db/schema.ts";
import { pruneCron, pruneQueue } from "../../src/server/jobs/background.ts";
import { rateLimitRowLifetimeMs } from "../../src/server/services/prune-expired-records.ts";
import { testEngine } from "../helpers/database.ts";
import { createAuthTestApp, signUpAndVerify, type AuthTestApp } from "./auth-support.ts";

// Better Auth's per-address counters, sessions and e-mail links are read back only by their own
// key: without the daily prune an address that never returns, a session never used again or a
// link never followed would stay in the database forever.

describe(`the daily prune of expired auth rows on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp();
  });
  afterAll(() => app.close());

  it("is scheduled daily in UTC", async () => {
    const { rows } = await app.database.executeSql(
      `select cron, timezone from pgboss.schedule where name = $1`,
      [pruneQueue],
    );
    expect(rows).toEqual([{ cron: pruneCron, timezone: "UTC" }]);
  });

  it("deletes old counters, expired sessions and links; keeps what is still live", async () => {
    const { db } = app.database;
    const now = Date.now();
    const counters = [
      {
        id: randomUUID(),
        key: `203.0.113.77/old-${now}`,
        count: 3,
        lastRequest: now - rateLimitRowLifetimeMs - 1000,
      },
      { id: randomUUID(), key: `203.0.113.77/new-${now}`, count: 1, lastRequest: now - 5000 },
    ];
    await db.insert(rateLimit).values(counters);
    const links = [
      {
        id: randomUUID(),
        identifier: `prune-old-${now}`,
        value: "x",
        expiresAt: new Date(now - 1000),
      },
      {
        id: randomUUID(),
        identifier: `prune-new-${now}`,
        value: "y",
        expiresAt: new Date(now + 3_600_000),
      },
    ];
    await db.insert(verification).values(links);
    const person = await signUpAndVerify(app);
    const [live] = await db.select().from(session).where(eq(session.userId, person.userId));
    const expired = {
      ...live!,
      id: randomUUID(),
      token: randomUUID(),
      expiresAt: new Date(now - 1000),
    };
    await db.insert(session).values(expired);

    const outcome = await app.background.pruneNow();
    expect(outcome.rateLimits).toBeGreaterThanOrEqual(1);
    expect(outcome.sessions).toBeGreaterThanOrEqual(1);
    expect(outcome.verifications).toBeGreaterThanOrEqual(1);

    const keys = (
      await db
        .select()
        .from(rateLimit)
        .where(
          inArray(
            rateLimit.id,
            counters.map((c) => c.id),
          ),
        )
    ).map((r) => r.key);
    expect(keys).toEqual([counters[1]!.key]);
    const identifiers = (
      await db
        .select()
        .from(verification)
        .where(
          inArray(
            verification.id,
            links.map((l) => l.id),
          ),
        )
    ).map((r) => r.identifier);
    expect(identifiers).toEqual([links[1]!.identifier]);
    const sessions = (await db.select().from(session).where(eq(session.userId, person.userId))).map(
      (s) => s.id,
    );
    expect(sessions).toEqual([live!.id]);
    // the person's session still works
    expect((await person.browser.session())?.user.email).toBe(person.email);
  });
});
