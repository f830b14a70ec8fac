import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { expect } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { writeTar } from "../../src/server/backup/tar.ts";
import { linkInMail, testPassword, uniqueEmail } from "../helpers/accounts.ts";
import { openPgliteDataDir } from "../helpers/database.ts";
import { signUpOverHttp } from "../helpers/server-process.ts";
import type { startSmtpServer } from "../helpers/smtp.ts";

// The writes, checks and archives of backup-restore.test.ts.

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

export interface Seeded {
  cookie: string;
  workspace: string;
  /** the seeded threshold and its four reviews */
  timeline: string[];
  /** the account whose reset e-mail waits in the queue */
  resetEmail: string;
}

export interface Write {
  kind: "calculation" | "milestone";
  writer: string;
  label: string;
  id: string;
  sentAt: number;
  answeredAt: number;
}

const drizzleDir = path.resolve(import.meta.dirname, "../../drizzle");
const journal = JSON.parse(readFileSync(path.join(drizzleDir, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

/** 2001-01-01 + n days, YYYY-MM-DD */
const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);

export function backupFixtures(base: string) {
  async function send(cookie: string, method: string, route: string, body?: unknown) {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, json: (await response.json()) as unknown, response };
  }

  async function signIn(email: string, origin = base): Promise<string> {
    const response = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password: testPassword }),
    });
    expect(response.status, `sign-in of ${email}`).toBe(200);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0]!)
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
  }

  async function calculation(cookie: string, workspace: string, name: string) {
    const answer = await send(cookie, "POST", `/api/workspaces/${workspace}/calculations`, {
      ...calculateRequestExample,
      name,
      isCompleted: true,
      calculationDate: "2026-03-01",
    });
    expect(answer.status, `calculation ${name}`).toBe(201);
    return (answer.json as { id: string }).id;
  }

  async function requestReset(email: string) {
    const response = await fetch(`${base}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, redirectTo: "/reset-password" }),
    });
    expect(response.status).toBe(200);
  }

  return {
    journalLength: () => journal.entries.length,

    /** Accounts signed up already: a workspace with calculations, a timeline, queued jobs. */
    async seed(emails: string[]): Promise<Seeded> {
      const cookie = await signIn(emails[0]!);
      const list = await send(cookie, "GET", "/api/workspaces");
      const workspace = (list.json as Array<{ id: string }>)[0]!.id;
      for (let i = 0; i < 3; i++) await calculation(cookie, workspace, `seeded ${i}`);
      const threshold = await send(cookie, "POST", `/api/workspaces/${workspace}/milestones`, {
        date: day(0),
        title: "seeded threshold",
        type: "threshold",
        reminders: { quarterly: true, monthly: false },
      });
      expect(threshold.status).toBe(201);
      const timeline = (threshold.json as { milestones: { id: string }[] }).milestones.map(
        (m) => m.id,
      );
      expect(timeline).toHaveLength(5);
      // the jobs of the second account's reset e-mail wait in the queue (no workers)
      await requestReset(emails[1]!);
      return { cookie, workspace, timeline, resetEmail: emails[1]! };
    },

    startWriters(seeded: Seeded) {
      const writes: Write[] = [];
      let running = true;
      let answered = 0;
      const loop = async (writer: string, kind: Write["kind"]) => {
        for (let n = 0; running; n++) {
          const label = `${writer} ${n}`;
          const sentAt = Date.now();
          let id: string;
          if (kind === "calculation")
            id = await calculation(seeded.cookie, seeded.workspace, label);
          else {
            const answer = await send(
              seeded.cookie,
              "POST",
              `/api/workspaces/${seeded.workspace}/milestones`,
              { date: day(400 + n), title: label, type: "due" },
            );
            expect(answer.status, label).toBe(201);
            const added = (answer.json as { milestones: { id: string; title: string }[] })
              .milestones;
            id = added.find((m) => m.title === label)!.id;
          }
          writes.push({ kind, writer, label, id, sentAt, answeredAt: Date.now() });
          answered++;
        }
      };
      const loops = [
        loop("calc-a", "calculation"),
        loop("calc-b", "calculation"),
        loop("timeline", "milestone"),
      ];
      return {
        answered: () => answered,
        async stop() {
          running = false;
          await Promise.all(loops);
          return writes;
        },
      };
    },

    async waitForWrites(writers: { answered(): number }, atLeast: number) {
      const until = Date.now() + 60_000;
      while (writers.answered() < atLeast && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(writers.answered()).toBeGreaterThanOrEqual(atLeast);
    },

    /** Written after the backup: none of it may be in the restored database. */
    async writeAfter(seeded: Seeded) {
      const email = uniqueEmail("after-backup");
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email, password: testPassword, name: "", callbackURL: "/" }),
      });
      expect(signUp.status).toBe(200);
      return { email, calculation: await calculation(seeded.cookie, seeded.workspace, "after") };
    },

    /** The restored server answers as the source did and works: reads, writes, e-mail. */
    async smoke(
      origin: string,
      smtp: Smtp,
      options: { email: string; seeded: Seeded; calculations: number },
    ) {
      const { email, seeded } = options;
      for (const route of ["/healthz", "/readyz"]) {
        expect((await fetch(`${origin}${route}`)).status, route).toBe(200);
      }
      const restored = backupFixtures(origin);
      const cookie = await signIn(email, origin);
      const me = await restored.sendAs(cookie, "GET", "/api/me");
      expect(me.status).toBe(200);
      const workspaces = await restored.sendAs(cookie, "GET", "/api/workspaces");
      expect((workspaces.json as Array<{ id: string }>).map((w) => w.id)).toContain(
        seeded.workspace,
      );
      const timeline = await restored.sendAs(
        cookie,
        "GET",
        `/api/workspaces/${seeded.workspace}/milestones`,
      );
      expect(timeline.status).toBe(200);
      const ids = JSON.stringify(timeline.json);
      for (const id of seeded.timeline) expect(ids).toContain(id);
      const history = await restored.sendAs(
        cookie,
        "GET",
        `/api/workspaces/${seeded.workspace}/calculations`,
      );
      expect(history.status).toBe(200);
      expect((history.json as { totalCount: number }).totalCount).toBe(options.calculations);
      await restored.calculationAs(cookie, seeded.workspace, "after the restore");
      // the reset e-mail queued before the backup is sent by the restored server's workers
      const reset = await smtp.waitFor(seeded.resetEmail, 30_000, 1);
      expect(linkInMail(reset, "/api/auth/reset-password")).toMatch(/reset-password/);
      // a new account: sign-up, verification e-mail, sign-in
      await signUpOverHttp(origin, smtp, uniqueEmail("after-restore"));
    },

    sendAs: send,
    calculationAs: calculation,

    /** A PGlite data directory migrated to all but the last `missing` migrations. */
    async olderDatabase(root: string, missing: number) {
      const count = journal.entries.length - missing;
      const folder = path.join(root, `migrations-${count}`);
      mkdirSync(path.join(folder, "meta"), { recursive: true });
      const entries = journal.entries.slice(0, count);
      for (const entry of entries) {
        copyFileSync(
          path.join(drizzleDir, `${entry.tag}.sql`),
          path.join(folder, `${entry.tag}.sql`),
        );
      }
      writeFileSync(
        path.join(folder, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries }, null, 2),
      );
      const olderDataDir = path.join(root, "older");
      mkdirSync(olderDataDir, { mode: 0o700 });
      const database = await openPgliteDataDir(olderDataDir);
      await migratePglite(database.db as never, { migrationsFolder: folder });
      await database.close();
      return { olderDataDir, newer: journal.entries.slice(count).map((entry) => entry.tag) };
    },

    /** Copies of a good backup that a restore must refuse, with the message it must give. */
    async damagedCopies(file: string, root: string) {
      const good = readFileSync(file);
      const tar = gunzipSync(good);
      const write = (name: string, bytes: Uint8Array) => {
        const target = path.join(root, `${name}.tar.gz`);
        writeFileSync(target, bytes);
        return target;
      };
      const flipped = Buffer.from(good);
      for (let i = 0; i < 16; i++) flipped[Math.floor(good.length / 2) + i]! ^= 0xff;
      // the data changed inside a valid gzip stream: only the manifest's checksum tells
      const altered = Buffer.from(tar);
      const manifestBytes = parseInt(tar.subarray(124, 136).toString("latin1"), 8);
      const dataStart = 512 + Math.ceil(manifestBytes / 512) * 512 + 512;
      altered[dataStart + 4096]! ^= 0x01;
      return [
        {
          name: "truncated",
          damaged: write("truncated", good.subarray(0, Math.floor(good.length * 0.6))),
          message: /damaged or incomplete \(unexpected end of file\)/,
        },
        { name: "corrupt", damaged: write("corrupt", flipped), message: /damaged/ },
        {
          name: "altered",
          damaged: write("altered", gzipSync(altered)),
          message: /pgdata\.tar does not match its checksum/,
        },
        {
          name: "foreign",
          damaged: write(
            "foreign",
            gzipSync(writeTar([{ name: "notes.txt", data: tar.subarray(0, 10) }])),
          ),
          message: /not a Hawl backup: no hawl-backup\.json inside/,
        },
        {
          name: "plain",
          damaged: write("plain", Buffer.from("just text\n")),
          message: /not a Hawl backup: the file is not gzip-compressed/,
        },
      ];
    },
  };
}
