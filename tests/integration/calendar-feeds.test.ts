import { and, eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarFeedListSchema,
  createdCalendarFeedSchema,
} from "../../src/contracts/calendar-feeds.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { milestoneChangeSchema } from "../../src/contracts/zakat.ts";
import { calendarFeeds, milestones, workspaceMembers } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan } from "../helpers/workspaces.ts";

// Calendar feeds (issue 15, decision 016): a secret iCalendar URL per workspace. The feed is
// read back with an iCalendar parser (node-ical) and as raw text (CRLF, folding at 75 octets).

const engine = testEngine();
const host = "localhost:3000";

describe(`calendar feeds on ${engine}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    // the milestones below are dated in 2026: a feed carries the last 2 and next 3 years only
    testApp.setNow(new Date("2026-11-28T12:00:00Z"));
  });
  afterAll(() => testApp.close());

  async function freshWorkspace(prefix = "ical") {
    const user = await signUpAndSignIn(testApp, uniqueEmail(prefix));
    const [workspace] = workspaceListSchema.parse(
      await (await user.request("/api/workspaces")).json(),
    );
    return { user, ws: workspace!.id, base: `/api/workspaces/${workspace!.id}` };
  }

  async function createFeed(user: SignedInUser, base: string, body: object = {}) {
    const response = await user.json("POST", `${base}/calendar-feeds`, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return createdCalendarFeedSchema.parse(await response.json());
  }

  async function addMilestone(user: SignedInUser, base: string, milestone: object) {
    const response = await user.json("POST", `${base}/milestones`, milestone);
    expect(response.status, await response.clone().text()).toBe(201);
    return milestoneChangeSchema.parse(await response.json());
  }

  /** The feed's URL fetched without any session, as a calendar app does. */
  const fetchFeed = (url: string) => testApp.app.request(url.replace(/^https?:\/\/[^/]+/, ""));

  async function feedText(url: string): Promise<string> {
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    return response.text();
  }

  function eventsOf(text: string): VEvent[] {
    return Object.values(ical.sync.parseICS(text))
      .filter((c): c is VEvent => c?.type === "VEVENT")
      .sort((a, b) => +a.start - +b.start || a.uid.localeCompare(b.uid));
  }

  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  it("serves the milestones as all-day events that a parser reads, with CRLF lines folded at 75 octets", async () => {
    const { user, base } = await freshWorkspace();
    const created = await addMilestone(user, base, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      titleCode: "nisab-reached",
      reminders: { quarterly: true, monthly: false },
    });
    const feed = await createFeed(user, base, { language: "en" });
    expect(feed.url).toMatch(
      new RegExp(`^http://${host}${base}/calendar\\.ics\\?token=[A-Za-z0-9_-]{43}$`),
    );
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, "webcal:"));
    // some calendar apps ask with HEAD first
    const head = await testApp.app.request(feed.url.replace(/^https?:\/\/[^/]+/, ""), {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/calendar; charset=utf-8");

    const text = await feedText(feed.url);
    // every line ends with CRLF, none with a bare LF or CR, none longer than 75 octets
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    // long descriptions were folded (a continuation line starts with a space)
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(text).toContain("\r\nMETHOD:PUBLISH\r\n");
    expect(text).toContain("\r\nCALSCALE:GREGORIAN\r\n");
    expect(text).toContain("\r\nX-WR-CALNAME:Hawl – ");

    const events = eventsOf(text);
    const ids = created.milestones.map((m) => m.id);
    // and the year's "Zakat due" event, on the day of the 100% review (issue 30 #7)
    const thresholdId = created.milestones.find((m) => m.type === "threshold")!.id;
    expect(events.map((e) => e.uid).sort()).toEqual(
      [...ids, `${thresholdId}-zakat-due`].map((id) => `${id}@${host}`).sort(),
    );
    expect(events.filter((e) => !e.uid.includes("zakat-due")).map((e) => e.summary)).toEqual([
      "Nisab reached",
      "25% Zakat Review",
      "50% Zakat Review",
      "75% Zakat Review",
      "100% Zakat Review",
    ]);
    const [threshold, firstReview] = events;
    expect(threshold!.datetype).toBe("date");
    expect(text).toContain("DTSTART;VALUE=DATE:20260301\r\nDTEND;VALUE=DATE:20260302\r\n");
    // the Hijri date, in words, in every description
    expect(threshold!.description).toContain("Hijri date: 12 Ramadan 1447 AH");
    for (const event of events) expect(event.description).toMatch(/^Hijri date: \d+ .+ 14\d\d AH/);
    // a threshold rings not; a review rings a week before and on the day, at 09:00
    expect(threshold!.alarms ?? []).toHaveLength(0);
    expect(firstReview!.alarms!.map((a) => (a as unknown as { trigger: unknown }).trigger)).toEqual(
      [
        { params: { RELATED: "START" }, val: "-P6DT15H" },
        { params: { RELATED: "START" }, val: "PT9H" },
      ],
    );
    expect(Number(firstReview!.sequence)).toBe(0);
  });

  it("each zakat year's due date is an all-day event that rings, in the feed's language, and follows the milestones (issue 30 #7)", async () => {
    const { user, base } = await freshWorkspace("ical-due");
    await setPlan(testApp, user.id, "standard");
    // no reviews: before this, the due date was only words in the threshold's description
    const up = await addMilestone(user, base, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      titleCode: "nisab-reached",
    });
    const thresholdId = up.milestones[0]!.id;
    const en = await createFeed(user, base, { language: "en" });
    const path = en.url.replace(/^https?:\/\/[^/]+/, "");
    const first = await fetchFeed(en.url);
    const etag = first.headers.get("etag")!;
    const text = await first.text();
    const due = eventsOf(text).find((e) => e.uid === `${thresholdId}-zakat-due@${host}`);
    expect(due, text).toBeDefined();
    expect(due!.summary).toBe("Zakat due");
    expect(due!.datetype).toBe("date");
    expect(text).toContain("DTSTART;VALUE=DATE:20270219\r\nDTEND;VALUE=DATE:20270220\r\n");
    expect(due!.description).toContain("Hijri date: 12 Ramadan 1448 AH");
    expect(due!.description).toContain("began on 1 March 2026");
    expect(due!.alarms!.map((a) => (a as unknown as { trigger: unknown }).trigger)).toEqual([
      { params: { RELATED: "START" }, val: "-P6DT15H" },
      { params: { RELATED: "START" }, val: "PT9H" },
    ]);
    expect(due!.alarms!.map((a) => a.description)).toEqual([
      "In a week: Zakat due",
      "Today: Zakat due",
    ]);

    for (const [language, summary] of [
      ["fr", "Échéance de la zakat"],
      ["nl", "Zakat verschuldigd"],
    ] as const) {
      const feed = await createFeed(user, base, { language });
      const event = eventsOf(await feedText(feed.url)).find((e) => e.uid.includes("zakat-due"));
      expect(event?.summary).toBe(summary);
    }

    // a dip within the year breaks it (majority rule): the due event goes, and the ETag changes
    await addMilestone(user, base, {
      date: "2026-05-01",
      title: "Fell below",
      type: "threshold-down",
    });
    const second = await testApp.app.request(path, { headers: { "if-none-match": etag } });
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(etag);
    expect(eventsOf(await second.text()).some((e) => e.uid.includes("zakat-due"))).toBe(false);
  });

  it("follows adds, removals and updates of milestones; UIDs stay the same", async () => {
    const { user, base, ws } = await freshWorkspace();
    const feed = await createFeed(user, base);
    expect(eventsOf(await feedText(feed.url))).toEqual([]);

    const due = await addMilestone(user, base, {
      date: "2026-06-10",
      title: "Pay zakat",
      type: "due",
    });
    const paid = await addMilestone(user, base, {
      date: "2026-06-20",
      title: "Paid the mosque",
      type: "payment",
    });
    const dueId = due.milestones.find((m) => m.title === "Pay zakat")!.id;
    const paidId = paid.milestones.find((m) => m.title === "Paid the mosque")!.id;
    let events = eventsOf(await feedText(feed.url));
    expect(events.map((e) => [e.uid, e.summary])).toEqual([
      [`${dueId}@${host}`, "Pay zakat"],
      [`${paidId}@${host}`, "Paid the mosque"],
    ]);
    const before = events[0]!;

    // an update (here: marked done) shows: SEQUENCE and LAST-MODIFIED move, the UID stays
    await testApp.database.db
      .update(milestones)
      .set({ completed: true })
      .where(and(eq(milestones.workspaceId, ws), eq(milestones.id, dueId)));
    events = eventsOf(await feedText(feed.url));
    const after = events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(Number(after.sequence)).toBe(Number(before.sequence) + 1);
    expect(+after.lastmodified!).toBeGreaterThanOrEqual(+before.lastmodified!);
    expect(after.summary).toBe("Pay zakat (Done)");
    expect(after.alarms ?? []).toHaveLength(0);

    const removed = await user.json("DELETE", `${base}/milestones/${paidId}`);
    expect(removed.status).toBe(200);
    events = eventsOf(await feedText(feed.url));
    expect(events.map((e) => e.uid)).toEqual([`${dueId}@${host}`]);
  });

  it("a threshold-down cancels the later reviews: the same UIDs, STATUS:CANCELLED, a higher SEQUENCE, no alarms", async () => {
    const { user, base } = await freshWorkspace();
    await addMilestone(user, base, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      titleCode: "nisab-reached",
      reminders: { quarterly: true, monthly: false },
    });
    const feed = await createFeed(user, base);
    const before = eventsOf(await feedText(feed.url));
    await addMilestone(user, base, {
      date: "2026-07-01",
      title: "Fell below nisab",
      type: "threshold-down",
      titleCode: "nisab-below",
    });
    const after = eventsOf(await feedText(feed.url));
    const byUid = new Map(after.map((e) => [e.uid, e]));
    const reviews = before.filter((e) => String(e.summary).endsWith("Zakat Review"));
    expect(reviews).toHaveLength(4);
    expect(reviews.filter((e) => +e.start > Date.UTC(2026, 6, 1))).toHaveLength(3);
    for (const review of reviews) {
      const now = byUid.get(review.uid)!;
      const cancelled = +review.start > Date.UTC(2026, 6, 1);
      const title = String(review.summary);
      expect(now.status, title).toBe(cancelled ? "CANCELLED" : "CONFIRMED");
      expect(Number(now.sequence), title).toBe(cancelled ? 1 : 0);
      expect(now.summary).toBe(cancelled ? `${title} (Cancelled)` : title);
      expect((now.alarms ?? []).length).toBe(cancelled ? 0 : 2);
    }
    expect(after.map((e) => e.summary)).toContain("Fell below nisab");
  });

  it("writes titles and descriptions in the feed's language", async () => {
    const { user, base } = await freshWorkspace();
    await setPlan(testApp, user.id, "standard");
    await addMilestone(user, base, {
      date: "2026-03-01",
      title: "Nisab reached",
      type: "threshold",
      titleCode: "nisab-reached",
      reminders: { quarterly: true, monthly: false },
    });
    const fr = await createFeed(user, base, { language: "fr" });
    expect(fr.language).toBe("fr");
    const events = eventsOf(await feedText(fr.url));
    expect(events[0]!.summary).toBe("Nisab atteint");
    expect(events[1]!.summary).toBe("Bilan de zakat à 25 %");
    expect(events[0]!.description).toContain("Date hégirienne : 12 ramadan 1447 AH");
    // without `language`, the request's (x-hawl-language) decides
    const nlResponse = await user.request(`${base}/calendar-feeds`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hawl-language": "nl" },
      body: "{}",
    });
    const nl = createdCalendarFeedSchema.parse(await nlResponse.json());
    expect(nl.language).toBe("nl");
    expect(eventsOf(await feedText(nl.url))[1]!.summary).toBe("Zakatcontrole 25%");
  });

  it("lists feeds without their URL; a revoked, wrong, missing or misplaced token is the same 404", async () => {
    const { user, base } = await freshWorkspace();
    await setPlan(testApp, user.id, "standard");
    const feed = await createFeed(user, base);
    const list = calendarFeedListSchema.parse(
      await (await user.request(`${base}/calendar-feeds`)).json(),
    );
    expect(list).toEqual([
      {
        id: feed.id,
        language: feed.language,
        createdAt: feed.createdAt,
        createdByName: null,
        createdByMe: true,
        canRevoke: true,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain("token");
    // only the hash is stored
    const token = new URL(feed.url).searchParams.get("token")!;
    const [stored] = await testApp.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.id, feed.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const other = await freshWorkspace();
    const wrongAnswers = [
      `${base}/calendar.ics?token=${"A".repeat(43)}`,
      `${base}/calendar.ics?token=`,
      `${base}/calendar.ics`,
      `${other.base}/calendar.ics?token=${token}`,
      `/api/workspaces/not-a-uuid/calendar.ics?token=${token}`,
    ];
    const revoke = await user.json("DELETE", `${base}/calendar-feeds/${feed.id}`);
    expect(revoke.status).toBe(204);
    const answers = await Promise.all(
      [feed.url, ...wrongAnswers].map(async (url) => {
        const response = await fetchFeed(url);
        return { status: response.status, body: await response.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        body: JSON.stringify({ error: { code: "NOT_FOUND", message: "Calendar feed not found." } }),
      });
    }
    expect(await (await user.request(`${base}/calendar-feeds`)).json()).toEqual([]);
    // revoking again: 404
    expect((await user.json("DELETE", `${base}/calendar-feeds/${feed.id}`)).status).toBe(404);
  });

  it("a revoked token and a wrong one take about as long (the same single lookup)", async () => {
    const { user, base } = await freshWorkspace();
    const feed = await createFeed(user, base);
    expect((await user.json("DELETE", `${base}/calendar-feeds/${feed.id}`)).status).toBe(204);
    const wrong = feed.url.replace(/token=.*/, `token=${"B".repeat(43)}`);
    async function median(url: string): Promise<number> {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        expect((await fetchFeed(url)).status).toBe(404);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[12]!;
    }
    await median(wrong); // warm-up
    const revoked = await median(feed.url);
    const unknown = await median(wrong);
    // generous bounds: a shared 2-core machine; what matters is no extra work for either case
    expect(revoked / unknown, `revoked ${revoked} ms, wrong ${unknown} ms`).toBeLessThan(3);
    expect(unknown / revoked, `revoked ${revoked} ms, wrong ${unknown} ms`).toBeLessThan(3);
    console.log(
      `feed 404 median: revoked ${revoked.toFixed(2)} ms, wrong ${unknown.toFixed(2)} ms`,
    );
  });

  it("non-members get 404; a member revokes only their own; an owner any; a feed dies with its creator's membership", async () => {
    const owner = await freshWorkspace("ical-owner");
    const member = await signUpAndSignIn(testApp, uniqueEmail("ical-member"));
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.ws, userId: member.id, role: "member" });
    const stranger = await signUpAndSignIn(testApp, uniqueEmail("ical-stranger"));

    for (const [method, path] of [
      ["GET", `${owner.base}/calendar-feeds`],
      ["POST", `${owner.base}/calendar-feeds`],
      ["DELETE", `${owner.base}/calendar-feeds/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const response = await stranger.json(method, path, method === "POST" ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    expect((await testApp.app.request(`${owner.base}/calendar-feeds`)).status).toBe(401);

    await owner.user.json("PATCH", "/api/me", { fullName: "Amina Owner" });
    const ownersFeed = await createFeed(owner.user, owner.base);
    expect(ownersFeed.createdByName).toBe("Amina Owner");
    const membersFeed = await createFeed(member, owner.base);
    const seenByMember = calendarFeedListSchema.parse(
      await (await member.request(`${owner.base}/calendar-feeds`)).json(),
    );
    expect(seenByMember.map((f) => [f.id, f.createdByMe, f.canRevoke, f.createdByName])).toEqual([
      [membersFeed.id, true, true, null],
      [ownersFeed.id, false, false, "Amina Owner"],
    ]);
    const refused = await member.json("DELETE", `${owner.base}/calendar-feeds/${ownersFeed.id}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("FORBIDDEN");
    expect((await fetchFeed(ownersFeed.url)).status).toBe(200);

    // the member leaves: their feed stops serving and is no longer listed
    expect((await fetchFeed(membersFeed.url)).status).toBe(200);
    await testApp.database.db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, owner.ws), eq(workspaceMembers.userId, member.id)),
      );
    expect((await fetchFeed(membersFeed.url)).status).toBe(404);
    const listed = calendarFeedListSchema.parse(
      await (await owner.user.request(`${owner.base}/calendar-feeds`)).json(),
    );
    expect(listed.map((f) => f.id)).toEqual([ownersFeed.id]);
    // an owner may revoke a member's feed
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.ws, userId: member.id, role: "member" });
    expect(
      (await owner.user.json("DELETE", `${owner.base}/calendar-feeds/${membersFeed.id}`)).status,
    ).toBe(204);
    expect((await fetchFeed(membersFeed.url)).status).toBe(404);
  });

  it.each([
    ["free", 1, "standard"],
    ["standard", 4, "pro"],
  ] as const)(
    "on %s: %i live feeds allowed, the next refused (upgrade: %s); revoking frees a slot",
    async (plan, limit, upgradeTo) => {
      const { user, base } = await freshWorkspace();
      await setPlan(testApp, user.id, plan);
      const feeds = [];
      for (let i = 0; i < limit; i++) feeds.push(await createFeed(user, base));
      const refused = await user.json("POST", `${base}/calendar-feeds`, {});
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({
        code: "PLAN_LIMIT_REACHED",
        fields: { limit: "calendarIntegrations", plan, limitValue: String(limit), upgradeTo },
      });
      const usage = (await (await user.request("/api/me/plan")).json()) as {
        usage: { feature: string; used: number | null }[];
      };
      expect(usage.usage.find((u) => u.feature === "calendarIntegrations")!.used).toBe(limit);
      expect((await user.json("DELETE", `${base}/calendar-feeds/${feeds[0]!.id}`)).status).toBe(
        204,
      );
      await createFeed(user, base);
    },
  );

  it("after a downgrade existing feeds keep working; only new ones are refused", async () => {
    const { user, base } = await freshWorkspace();
    await setPlan(testApp, user.id, "standard");
    const feeds = [
      await createFeed(user, base),
      await createFeed(user, base),
      await createFeed(user, base),
    ];
    await setPlan(testApp, user.id, "free");
    for (const feed of feeds) expect((await fetchFeed(feed.url)).status).toBe(200);
    expect((await user.json("POST", `${base}/calendar-feeds`, {})).status).toBe(403);
  });

  it("of 6 concurrent creations for the last free slot exactly one wins", async () => {
    const { user, ws, base } = await freshWorkspace();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => user.json("POST", `${base}/calendar-feeds`, {})),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    const stored = await testApp.database.db.execute(
      sql`select count(*)::int as n from calendar_feeds where workspace_id = ${ws}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
