import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationSettingsSchema } from "../../src/contracts/notifications.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { addDays } from "../../src/domain/hawl/index.ts";
import {
  notificationSettings,
  reminderSends,
  workspaceMembers,
} from "../../src/server/db/schema.ts";
import { createBackground } from "../../src/server/jobs/background.ts";
import { createMailer } from "../../src/server/mail/create-mailer.ts";
import { mailQueue } from "../../src/server/mail/mail-queue.ts";
import { decodeMail } from "../e2e/support/mime.ts";
import {
  signUpAndSignIn,
  testPassword,
  uniqueEmail,
  type SignedInUser,
} from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { startSmtpServer } from "../helpers/smtp.ts";
import {
  createTestApp,
  relaxedAuthLimits,
  testMailRetry,
  type TestApp,
} from "../helpers/test-app.ts";
import { workspacesOf } from "../helpers/workspaces.ts";

// Reminder e-mails (issue 15) against a real SMTP peer, with the app's clock moved day by day:
// which reminders go out on which day for whom, in their language and time zone; each once,
// also with two instances scanning at once; retried while SMTP is down; stopped by the
// one-click unsubscribe link. Notification settings are the person's, on the server.

/** the reminder e-mails received for `to` (they carry List-Unsubscribe), decoded */
function remindersTo(testApp: TestApp, to: string) {
  return testApp.smtp.messages
    .filter((m) => m.to.includes(to.toLowerCase()) && /^List-Unsubscribe:/im.test(m.raw))
    .map((m) => ({ raw: m.raw, ...decodeMail(m.raw) }));
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`reminder e-mails on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;

  async function settings(person: SignedInUser, changes?: Record<string, unknown>) {
    const response = changes
      ? await person.json("PATCH", "/api/me/notification-settings", changes)
      : await person.request("/api/me/notification-settings");
    expect(response.status, await response.clone().text()).toBe(200);
    return notificationSettingsSchema.parse(await response.json());
  }

  async function personalWorkspace(person: SignedInUser): Promise<string> {
    const [personal] = await workspacesOf(person);
    return personal!.id;
  }

  async function join(workspaceId: string, person: SignedInUser): Promise<void> {
    await db().insert(workspaceMembers).values({ workspaceId, userId: person.id, role: "member" });
  }

  async function addMilestone(person: SignedInUser, ws: string, body: Record<string, unknown>) {
    const response = await person.json("POST", `/api/workspaces/${ws}/milestones`, body);
    expect(response.status, await response.clone().text()).toBe(201);
  }

  /** scans at `instant` with the app's clock there; returns the rows it wrote */
  async function scanAt(instant: string) {
    const before = new Set((await db().select().from(reminderSends)).map((r) => r.id));
    testApp.setNow(new Date(instant));
    try {
      await testApp.background.scanReminders();
    } finally {
      testApp.setNow(null);
    }
    return (await db().select().from(reminderSends)).filter((r) => !before.has(r.id));
  }

  describe("notification settings", () => {
    it("are the spec's defaults until saved, then the person's own, on the server", async () => {
      const person = await signUpAndSignIn(testApp, uniqueEmail("settings"));
      const other = await signUpAndSignIn(testApp, uniqueEmail("settings-other"));
      const defaults = {
        emailReminders: true,
        quarterlyReviews: true,
        monthlyReviews: false,
        weekBeforeDue: true,
        language: null,
        timeZone: null,
      };
      expect(await settings(person)).toEqual(defaults);

      const saved = await settings(person, {
        monthlyReviews: true,
        weekBeforeDue: false,
        language: "fr",
        timeZone: "Europe/Paris",
      });
      expect(saved).toEqual({
        ...defaults,
        monthlyReviews: true,
        weekBeforeDue: false,
        language: "fr",
        timeZone: "Europe/Paris",
      });
      expect(await settings(person)).toEqual(saved);
      // a second change keeps the first's fields
      expect(await settings(person, { quarterlyReviews: false })).toEqual({
        ...saved,
        quarterlyReviews: false,
      });
      expect(await settings(other)).toEqual(defaults);
    });

    it("refuse a time zone, a language or a field that does not exist, storing nothing", async () => {
      const person = await signUpAndSignIn(testApp, uniqueEmail("settings-bad"));
      for (const [body, field, reason] of [
        [{ timeZone: "Mars/Olympus_Mons" }, "timeZone", "invalid_time_zone"],
        [{ language: "de" }, "language", "invalid_language"],
        [{ quarterlyReviews: "yes" }, "quarterlyReviews", expect.any(String)],
        [{ email: "x@example.test" }, "email", "unknown_field"],
      ] as const) {
        const response = await person.json("PATCH", "/api/me/notification-settings", {
          monthlyReviews: true,
          ...body,
        });
        expect(response.status).toBe(400);
        const { error } = errorBodySchema.parse(await response.json());
        expect(error.code).toBe("VALIDATION_FAILED");
        expect(error.fields).toMatchObject({ [field]: reason });
      }
      expect((await settings(person)).monthlyReviews).toBe(false);
      const anonymous = await testApp.request("/api/me/notification-settings");
      expect(anonymous.status).toBe(401);
    });
  });

  describe("a threshold with quarterly and monthly reviews", () => {
    let owner: SignedInUser;
    let member: SignedInUser;
    /** "<UTC day of the scan> <who> <kind> <day it is about>", in scan order */
    const fired: string[] = [];
    let ws: string;
    let workspaceName: string;

    beforeAll(async () => {
      owner = await signUpAndSignIn(testApp, uniqueEmail("reviews-owner"), { name: "Amina" });
      member = await signUpAndSignIn(testApp, uniqueEmail("reviews-member"));
      ws = await personalWorkspace(owner);
      workspaceName = (await workspacesOf(owner))[0]!.name;
      await join(ws, member);
      // the owner wants the monthly reviews too (UTC, English: not said); the member keeps
      // the defaults, in Dutch, in Auckland (UTC+13 in March, +12 from April)
      await settings(owner, { monthlyReviews: true });
      await settings(member, { language: "nl", timeZone: "Pacific/Auckland" });
      // 2025-03-01 is 1 Ramadan 1446: every review falls on the 1st of a Hijri month
      await addMilestone(owner, ws, {
        date: "2025-03-01",
        title: "Nisab reached",
        type: "threshold",
        titleCode: "nisab-reached",
        reminders: { quarterly: true, monthly: true },
      });
      // every day of the zakat year and a little beyond, at 20:00 UTC: 09:00 or 08:00 the
      // next day in Auckland, so the member's reminders go out a UTC day earlier
      for (let day = "2025-03-01"; day <= "2026-02-25"; day = addDays(day, 1)) {
        for (const row of await scanAt(`${day}T20:00:00Z`)) {
          const who = row.userId === owner.id ? "owner" : row.userId === member.id ? "member" : "?";
          fired.push(`${day} ${who} ${row.kind} ${row.day}`);
        }
      }
    });

    it("fires each reminder on its day, and only the ones each person switched on", () => {
      expect(fired).toEqual([
        "2025-03-30 owner review 2025-03-30", // 1 Shawwal: month 1 (monthly)
        "2025-04-29 owner review 2025-04-29",
        "2025-05-27 member review 2025-05-28", // 20:00 UTC is 08:00 on the 28th in Auckland
        "2025-05-28 owner review 2025-05-28", // 25%
        "2025-06-26 owner review 2025-06-26",
        "2025-07-26 owner review 2025-07-26",
        "2025-08-23 member review 2025-08-24",
        "2025-08-24 owner review 2025-08-24", // 50%
        "2025-09-23 owner review 2025-09-23",
        "2025-10-23 owner review 2025-10-23",
        "2025-11-21 member review 2025-11-22",
        "2025-11-22 owner review 2025-11-22", // 75%
        "2025-12-21 owner review 2025-12-21",
        "2026-01-20 owner review 2026-01-20",
        "2026-02-10 member zakat-due-soon 2026-02-18",
        "2026-02-11 owner zakat-due-soon 2026-02-18", // a week before the due date
        "2026-02-17 member zakat-due-today 2026-02-18",
        "2026-02-18 owner zakat-due-today 2026-02-18", // the 100% review is the due date
      ]);
    });

    it("sends one e-mail per reminder, in the person's language, with the unsubscribe headers", async () => {
      await testApp.mailSettled();
      const ownerMails = remindersTo(testApp, owner.email);
      const memberMails = remindersTo(testApp, member.email);
      expect(ownerMails).toHaveLength(13);
      expect(memberMails).toHaveLength(5);
      expect(ownerMails.map((m) => m.subject)).toEqual([
        "Today: Monthly Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: 25% Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: 50% Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: 75% Zakat Review",
        "Today: Monthly Zakat Review",
        "Today: Monthly Zakat Review",
        "Your zakat is due in 7 days",
        "Your zakat is due today",
      ]);
      expect(memberMails.map((m) => m.subject)).toEqual([
        "Vandaag: Zakatcontrole 25%",
        "Vandaag: Zakatcontrole 50%",
        "Vandaag: Zakatcontrole 75%",
        "Je zakat is over 7 dagen verschuldigd",
        "Je zakat is vandaag verschuldigd",
      ]);
      const due = ownerMails[12]!;
      expect(due.text).toContain("Hello Amina,");
      expect(due.text).toContain("Wednesday 18 February 2026 (1 Ramadan 1447 AH)");
      // the tracker's link opens this workspace's tracker and says which (issue 30)
      expect(due.links).toContain(`http://localhost:3000/nisab?workspace=${ws}`);
      expect(due.text).toContain(`Open the nisab tracker of “${workspaceName}”`);
      expect(due.links).toContain("http://localhost:3000/profile");
      const soon = memberMails[3]!;
      expect(soon.text).toContain("woensdag 18 februari 2026");
      expect(soon.links).toContain(`http://localhost:3000/nl/nisab?workspace=${ws}`);
      expect(soon.text).toContain(`Nisabtracker van ‘${workspaceName}’ openen`);
      for (const mail of [due, soon]) {
        const unsubscribe = mail.links.find((l) => l.includes("/unsubscribe?token="))!;
        const headers = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
        expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
        expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      }
    });

    it("sends nothing twice: a scan again the same day, or after a restart, finds it sent", async () => {
      const mailsBefore = remindersTo(testApp, owner.email).length;
      expect(await scanAt("2026-02-18T11:00:00Z")).toEqual([]);
      expect(await scanAt("2026-02-18T23:30:00Z")).toEqual([]);
      // another process (a restart) with the same database and clock
      const restarted = createBackground({
        env: { ...testApp.env, WORKERS: true },
        database: testApp.database,
        logger: pino({ level: "silent" }),
        delivery: createMailer(testApp.env, pino({ level: "silent" })),
        now: () => new Date("2026-02-18T12:00:00Z"),
        pollingIntervalSeconds: 0.5,
      });
      await restarted.start();
      try {
        expect(await restarted.scanReminders()).toEqual({ emails: 0, reminders: 0 });
      } finally {
        await restarted.stop();
      }
      await testApp.mailSettled();
      expect(remindersTo(testApp, owner.email)).toHaveLength(mailsBefore);
    });
  });

  describe("a due milestone", () => {
    it("reminds a week ahead and on the day; without the week-before choice, on the day only", async () => {
      const owner = await signUpAndSignIn(testApp, uniqueEmail("due-owner"));
      const member = await signUpAndSignIn(testApp, uniqueEmail("due-member"));
      const ws = await personalWorkspace(owner);
      await join(ws, member);
      await settings(member, { weekBeforeDue: false, language: "fr", timeZone: "Europe/Paris" });
      await addMilestone(owner, ws, { date: "2027-03-15", title: "Pay the mosque", type: "due" });
      const fired: string[] = [];
      for (let day = "2027-03-01"; day <= "2027-03-20"; day = addDays(day, 1)) {
        for (const row of await scanAt(`${day}T09:00:00Z`)) {
          fired.push(`${day} ${row.userId === owner.id ? "owner" : "member"} ${row.kind}`);
        }
      }
      expect(fired).toEqual([
        "2027-03-08 owner due-soon",
        "2027-03-15 owner due-today",
        "2027-03-15 member due-today",
      ]);
      await testApp.mailSettled();
      expect(remindersTo(testApp, owner.email).map((m) => m.subject)).toEqual([
        "In 7 days: Pay the mosque",
        "Today: Pay the mosque",
      ]);
      expect(remindersTo(testApp, member.email).map((m) => m.subject)).toEqual([
        "Aujourd’hui\u202F: Pay the mosque",
      ]);
    });

    it("waits for 08:00 in the person's time zone", async () => {
      const owner = await signUpAndSignIn(testApp, uniqueEmail("early"));
      await settings(owner, { timeZone: "America/New_York" });
      const ws = await personalWorkspace(owner);
      await addMilestone(owner, ws, { date: "2027-05-10", title: "Early bird", type: "due" });
      // 07:30 in New York (UTC-4): not yet; 08:30: sent
      expect(await scanAt("2027-05-10T11:30:00Z")).toEqual([]);
      expect((await scanAt("2027-05-10T12:30:00Z")).map((r) => r.kind)).toEqual(["due-today"]);
    });

    it("the scheduled job does the same scan (cron every hour, once across instances)", async () => {
      const { rows } = await testApp.database.executeSql(
        "select name, cron, timezone from pgboss.schedule where name = 'reminder-scan'",
      );
      expect(rows).toEqual([{ name: "reminder-scan", cron: "5 * * * *", timezone: "UTC" }]);
      const owner = await signUpAndSignIn(testApp, uniqueEmail("cron"));
      const ws = await personalWorkspace(owner);
      await addMilestone(owner, ws, { date: "2027-06-01", title: "By the job", type: "due" });
      testApp.setNow(new Date("2027-06-01T09:00:00Z"));
      try {
        await testApp.background.jobs.send("reminder-scan", {});
        testApp.background.jobs.wake("reminder-scan");
        await until(() => remindersTo(testApp, owner.email).length === 1);
      } finally {
        testApp.setNow(null);
      }
      expect(remindersTo(testApp, owner.email)[0]!.subject).toBe("Today: By the job");
    });
  });

  it("two instances scanning at once send each e-mail once", async () => {
    const owner = await signUpAndSignIn(testApp, uniqueEmail("race-owner"));
    const members = [
      await signUpAndSignIn(testApp, uniqueEmail("race-a")),
      await signUpAndSignIn(testApp, uniqueEmail("race-b")),
      await signUpAndSignIn(testApp, uniqueEmail("race-c")),
    ];
    const ws = await personalWorkspace(owner);
    for (const member of members) await join(ws, member);
    await addMilestone(owner, ws, { date: "2027-07-01", title: "Race day", type: "due" });
    const instant = new Date("2027-07-01T09:00:00Z");
    const second = createBackground({
      env: { ...testApp.env, WORKERS: true },
      database: testApp.database,
      logger: pino({ level: "silent" }),
      delivery: createMailer(testApp.env, pino({ level: "silent" })),
      now: () => instant,
      pollingIntervalSeconds: 0.5,
    });
    await second.start();
    try {
      testApp.setNow(instant);
      const outcomes = await Promise.all([
        testApp.background.scanReminders(),
        second.scanReminders(),
        testApp.background.scanReminders(),
        second.scanReminders(),
      ]);
      testApp.setNow(null);
      expect(outcomes.reduce((sum, o) => sum + o.emails, 0)).toBe(4);
      // both instances' mail workers poll the queue
      await testApp.mailSettled();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const person of [owner, ...members]) {
        expect(remindersTo(testApp, person.email), person.email).toHaveLength(1);
      }
    } finally {
      testApp.setNow(null);
      await second.stop();
    }
  });

  it("a stopped SMTP server delays the mail, retried with backoff, and it arrives once it is back", async () => {
    const port = await freePort();
    // this app's SMTP peer is not there yet
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let late: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
    try {
      const to = uniqueEmail("patient");
      await app.mailer.send({ to, subject: "Patience", html: "<p>Later</p>", text: "Later" });
      const attempts = async () => {
        const { rows } = await app.database.executeSql(
          `select state::text as state, retry_count as "retryCount",
             extract(epoch from start_after - now()) * 1000 as "waitMs"
           from pgboss.job where name = $1 and data->>'to' = $2`,
          [mailQueue, to],
        );
        return rows as { state: string; retryCount: number; waitMs: number }[];
      };
      // it failed twice, and waits for its next try, longer each time (backoff: 1–2 s, 2–4 s,
      // then 4–8 s; without it, retryDelay's 1 s each time)
      // (pg-boss counts a try when it starts, so the count reaches 2 while the third is active)
      await until(async () => {
        const [job] = await attempts();
        return job?.state === "retry" && job.retryCount >= 2;
      }, 20_000);
      const [waiting] = await attempts();
      expect(waiting!.state).toBe("retry");
      expect(waiting!.retryCount).toBe(2);
      expect(Number(waiting!.waitMs)).toBeGreaterThan(2 * testMailRetry.retryDelay * 1000);
      expect(testMailRetry.retryLimit).toBeGreaterThan(2);

      late = await startSmtpServer({ port });
      // the clock moves on to that try (seconds of waiting saved, not a step of the mail's way)
      await app.database.executeSql(
        `update pgboss.job set start_after = now() where name = $1 and data->>'to' = $2`,
        [mailQueue, to],
      );
      const mail = await late.waitFor(to, 20_000);
      expect(decodeMail(mail.raw).subject).toBe("Patience");
      await until(async () => (await attempts())[0]?.state === "completed");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(late.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      await app.close();
      await late?.close();
    }
  });

  describe("the unsubscribe link", () => {
    let owner: SignedInUser;
    let member: SignedInUser;
    let ws: string;
    let link: string;

    beforeAll(async () => {
      owner = await signUpAndSignIn(testApp, uniqueEmail("unsub-owner"));
      member = await signUpAndSignIn(testApp, uniqueEmail("unsub-member"));
      ws = await personalWorkspace(owner);
      await join(ws, member);
      await addMilestone(owner, ws, { date: "2027-09-01", title: "First", type: "due" });
      await addMilestone(owner, ws, { date: "2027-10-01", title: "Second", type: "due" });
      await settings(owner, { weekBeforeDue: false });
      expect((await scanAt("2027-09-01T09:00:00Z")).length).toBe(2);
      await testApp.mailSettled();
      const [mail] = remindersTo(testApp, owner.email);
      link = new URL(mail!.links.find((l) => l.includes("/unsubscribe?token="))!).href;
    });

    it("GET asks to confirm and changes nothing, without signing in", async () => {
      const page = await testApp.app.request(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
      const html = await page.text();
      expect(html).toContain(owner.email);
      expect(html).toMatch(/<form method="post" action="\/unsubscribe\?token=[^"]+"><button/);
      expect((await settings(owner)).emailReminders).toBe(true);
    });

    it("is the app's page, branded, in the person's language (issue 30)", async () => {
      const [memberMail] = remindersTo(testApp, member.email);
      const memberLink = memberMail!.links.find((l) => l.includes("/unsubscribe?token="))!;
      const cases = [
        [link, "en", "Stop all reminder e-mails from Hawl to", 'href="http://localhost:3000/"'],
        [
          memberLink,
          "nl",
          "Wil je geen herinneringsmails van Hawl meer op",
          'href="http://localhost:3000/nl"',
        ],
        [
          memberLink,
          "fr",
          `Ne plus envoyer aucun e-mail de rappel de Hawl à ${member.email}\u202F?`,
          'href="http://localhost:3000/fr"',
        ],
      ] as const;
      for (const [url, lang, words, home] of cases) {
        // the page follows the person's language as it is when the link is opened
        if (url === memberLink) await settings(member, { language: lang });
        const html = await (await testApp.app.request(url)).text();
        expect(html).toContain(`<html lang="${lang}" dir="ltr">`);
        expect(html).toContain(words);
        // the app's header: its logo and name, a link home in that language; its footer
        expect(html).toMatch(/<header><a class="brand" href="[^"]+" aria-label="Hawl[^"]*"><svg/);
        expect(html).toContain(home);
        expect(html).toContain('<footer><a href="http://localhost:3000');
        expect(html).toContain("#80009e");
      }
    });

    it("POST (RFC 8058 one-click: no session, no Origin, a form body) stops the next reminder", async () => {
      const response = await testApp.app.request(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Hawl sends no more reminder e-mails");
      expect((await settings(owner)).emailReminders).toBe(false);
      // the member's own link was not used: they still get the next one, the owner does not
      const rows = await scanAt("2027-10-01T09:00:00Z");
      expect(rows.map((r) => r.userId)).toEqual([member.id]);
      // and switching them on again in the settings brings them back
      await settings(owner, { emailReminders: true });
      await addMilestone(owner, ws, { date: "2027-11-01", title: "Third", type: "due" });
      expect((await scanAt("2027-11-01T09:00:00Z")).map((r) => r.userId).sort()).toEqual(
        [owner.id, member.id].sort(),
      );
    });

    it("a token this server did not sign is 404 and changes nothing; none at all, 400", async () => {
      const url = new URL(link);
      const token = url.searchParams.get("token")!;
      const [id, signature] = token.split(".");
      const forged = `${Buffer.from(member.id).toString("base64url")}.${signature}`;
      const tampered = `${id}.${signature!.slice(0, -2)}AA`;
      for (const bad of [forged, tampered, "nonsense", `${id}.`]) {
        for (const method of ["GET", "POST"]) {
          const response = await testApp.app.request(
            `/unsubscribe?token=${encodeURIComponent(bad)}`,
            { method },
          );
          expect(response.status, `${method} ${bad}`).toBe(404);
          expect(await response.text()).toContain("This link is not valid");
        }
      }
      expect((await testApp.app.request("/unsubscribe", { method: "POST" })).status).toBe(400);
      expect((await settings(member)).emailReminders).toBe(true);
    });
  });

  it("forgets a person's sends and settings with their account", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("gone"));
    await settings(person, { language: "nl" });
    const ws = await personalWorkspace(person);
    await addMilestone(person, ws, { date: "2027-12-01", title: "Gone", type: "due" });
    expect(await scanAt("2027-12-01T09:00:00Z")).toHaveLength(1);
    const deleted = await person.json("DELETE", "/api/me", { password: testPassword });
    expect(deleted.status).toBe(204);
    expect(await db().$count(reminderSends, eq(reminderSends.userId, person.id))).toBe(0);
    expect(
      await db().$count(notificationSettings, eq(notificationSettings.userId, person.id)),
    ).toBe(0);
  });
});
