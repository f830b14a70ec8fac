import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { endpoints, type Endpoint } from "../../src/contracts/endpoints.ts";
import { milestoneChangeSchema } from "../../src/contracts/zakat.ts";
import { workspaceInvitations, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import {
  hashInvitationToken,
  newInvitationToken,
} from "../../src/server/services/membership-records.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  changedTables,
  checkedTables,
  rowsOf,
  tableChecksums,
} from "../helpers/table-checksums.ts";
import {
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";
import { setPlan } from "../helpers/workspaces.ts";
import { plainMilestone } from "../../src/domain/hawl/index.ts";
import { hostileString, mutate, opArb, runs, seed, type Op } from "./fuzz-support.ts";

// Issue 10, "keep it that way": fast-check over every write route of the endpoint registry
// (POST/PUT/PATCH/DELETE) and every Better Auth route, so a new route is fuzzed without a
// change here; and Better Auth's closed routes that would write the user or check a password.
// Each case starts from a body that the route would accept (a seed below, or one made from the
// route's schema) and breaks it (fuzz-support.ts): a value replaced by a hostile one (NUL, lone
// surrogates, bidi controls, 10 KB strings, odd amounts and dates, huge and negative numbers,
// wrong types), `__proto__`/`constructor` keys, duplicate keys, a path id swapped, malformed
// JSON; sent over a real HTTP server and one keep-alive connection.
// Every case must answer below 500, on a connection that stays open unless the answer says
// `Connection: close`, and a non-2xx answer must leave every table as it was (an MD5 per table,
// bookkeeping tables excepted: see table-checksums.ts).
//
// FUZZ_RUNS (default 1000) and FUZZ_SEED (default: random, printed) reproduce a run;
// FUZZ_DEBUG=<file> writes every case, its answer and the time spent per route to that file.
// `npm run test:fuzz` runs it and fuzz-signed-stripe-events.test.ts on each engine (and
// `npm test` includes them).

// ---- the routes ------------------------------------------------------------------------------

interface Fixture {
  ws: string;
  memberMembershipId: string;
  calculationId: string;
  milestoneId: string;
  obligationId: string;
  invitationId: string;
  embedConfigId: string;
}

const writeMethods = new Set(["post", "put", "patch", "delete"]);

/**
 * Better Auth routes Hawl closes (decision 047: 404, so not in the registry) that would write
 * the user or check a password: fuzzed with the owner's session, as a stolen one would be.
 */
const closedAuthRoute = (path: string, body: z.ZodObject): Endpoint => ({
  method: "post",
  path,
  summary: "closed (404)",
  tag: "auth",
  auth: "session",
  body,
  responses: {},
  betterAuth: true,
});
const closedAuthRoutes: Endpoint[] = [
  closedAuthRoute("/api/auth/update-user", z.object({ name: z.string(), image: z.string() })),
  closedAuthRoute("/api/auth/verify-password", z.object({ password: z.string() })),
  closedAuthRoute(
    "/api/auth/change-password",
    z.object({ currentPassword: z.string(), newPassword: z.string() }),
  ),
  closedAuthRoute(
    "/api/auth/change-email",
    z.object({ newEmail: z.string(), callbackURL: z.string() }),
  ),
];
const fuzzed = [
  ...endpoints.filter(
    (e) => e.path.startsWith("/api/") && (writeMethods.has(e.method) || e.tag === "auth"),
  ),
  ...closedAuthRoutes,
];
const keyOf = (e: Endpoint) => `${e.method.toUpperCase()} ${e.path}`;

const calculationBody = { ...calculateRequestExample, name: "Fuzz" };
const fuzzCredential = {
  id: "bm9wZQ",
  rawId: "bm9wZQ",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
};

/**
 * A body each route accepts (or nearly: credentials are wrong on purpose). A route without a
 * seed is fuzzed from one made from its schema's property names, so it is still covered.
 */
const seeds: Record<string, (f: Fixture, owner: SignedInUser) => unknown> = {
  "POST /api/auth/sign-up/email": () => ({
    email: uniqueEmail("fuzz"),
    password: "a fine password for fuzzing 42",
    name: "Fuzz",
    callbackURL: "/verify-email",
  }),
  "POST /api/auth/sign-in/email": (_f, owner) => ({ email: owner.email, password: "not it 12345" }),
  "POST /api/auth/sign-out": () => ({}),
  "POST /api/auth/revoke-sessions": () => ({}),
  "POST /api/auth/request-password-reset": () => ({
    email: "nobody-fuzz@example.test",
    redirectTo: "/reset-password",
  }),
  "POST /api/auth/reset-password": () => ({ newPassword: "a fine new password 42", token: "nope" }),
  "POST /api/auth/update-user": () => ({ name: "Fuzz Person", image: "https://example.org/a.png" }),
  // never the owner's password: a closed route that opened would change nothing it could check
  "POST /api/auth/verify-password": () => ({ password: "not the password 12345" }),
  "POST /api/auth/change-password": () => ({
    currentPassword: "not the password 12345",
    newPassword: "a fine new password 42",
  }),
  "POST /api/auth/change-email": () => ({
    newEmail: uniqueEmail("fuzz-new-address"),
    callbackURL: "/",
  }),
  // second factors (decision 071): codes and WebAuthn answers that are wrong on purpose
  "POST /api/auth/two-factor/enable": () => ({ password: "not the password 12345" }),
  "POST /api/auth/two-factor/verify-totp": () => ({ code: "123456", trustDevice: true }),
  "POST /api/auth/two-factor/verify-backup-code": () => ({ code: "abcde-12345" }),
  "POST /api/auth/two-factor/disable": () => ({ password: "not it 12345", code: "123456" }),
  "POST /api/auth/two-factor/generate-backup-codes": () => ({ password: "not it 12345" }),
  "POST /api/auth/passkey/verify-registration": () => ({ response: fuzzCredential, name: "Fuzz" }),
  "POST /api/auth/passkey/verify-authentication": () => ({ response: fuzzCredential }),
  "POST /api/auth/passkey/delete-passkey": () => ({ id: "not-a-passkey" }),
  "POST /api/auth/passkey/update-passkey": () => ({ id: "not-a-passkey", name: "Fuzz" }),
  "PATCH /api/me": () => ({ fullName: "Fuzz Person", avatarUrl: "https://example.org/a.png" }),
  "POST /api/workspaces": () => ({ name: "Fuzz" }),
  "PATCH /api/workspaces/{ws}": () => ({ name: "Fuzz renamed" }),
  "PATCH /api/workspaces/{ws}/members/{memberId}": () => ({ role: "member" }),
  "POST /api/workspaces/{ws}/invitations": () => ({
    email: uniqueEmail("fuzz-invitee"),
    role: "member",
  }),
  "POST /api/invitations/accept": () => ({ token: newInvitationToken() }),
  "POST /api/embed-configs": () => ({
    name: "Fuzz",
    allowedDomains: ["fuzz.example.org", "*.fuzz.example.net"],
    config: { currency: "EUR", language: "fr" },
  }),
  "PATCH /api/embed-configs/{id}": () => ({
    name: "Fuzz",
    isActive: true,
    allowedDomains: ["a.example.org"],
  }),
  "POST /api/workspaces/{ws}/calculations": () => calculationBody,
  "PUT /api/workspaces/{ws}/calculations/{id}": () => ({ ...calculationBody, version: 1 }),
  "POST /api/workspaces/{ws}/zakat": (f) => ({
    milestones: [{ id: f.milestoneId, date: "2026-01-10", title: "Sync", type: "threshold" }],
    obligations: [{ id: f.obligationId, amount: "100", category: "Zakat", dueDate: "2026-12-01" }],
  }),
  "PATCH /api/workspaces/{ws}/zakat/settings": () => ({ hawlRule: "hanafi", calendar: "hijri" }),
  "POST /api/workspaces/{ws}/milestones": () => ({
    date: "2026-05-01",
    title: "Fuzz",
    type: "threshold",
    amount: "1000",
  }),
  "POST /api/workspaces/{ws}/obligations": () => ({
    amount: "10.50",
    category: "Zakat",
    dueDate: "2026-12-01",
    currency: "EUR",
  }),
  "POST /api/workspaces/{ws}/obligations/{id}/payments": () => ({
    amount: "1",
    paidAt: "2026-06-01",
  }),
  "POST /api/calculate": () => calculateRequestExample,
  // the owner's password is never sent, so the fuzz cannot delete the account it runs as
  "DELETE /api/me": () => ({ password: "not the password 12345" }),
  // an undo: a new id, or the fixture's own (already there)
  "POST /api/workspaces/{ws}/milestones/restore": (f) => ({
    milestones: [
      plainMilestone({
        id: restores++ % 2 === 0 ? randomUUID() : f.milestoneId,
        date: "2026-03-01",
        title: "Restored",
        type: "threshold",
      }),
    ],
  }),
};
let restores = 0;

/** The property names of a schema's JSON Schema, each with a plain value. */
function seedFromSchema(endpoint: Endpoint): unknown {
  if (!endpoint.body) return {};
  const example = Object.values(endpoint.bodyExamples ?? {})[0]?.value;
  if (example !== undefined) return example;
  try {
    const json = endpoint.body.toJSONSchema({ unrepresentable: "any" }) as {
      properties?: Record<string, { type?: string }>;
    };
    return Object.fromEntries(
      Object.entries(json.properties ?? {}).map(([k, p]) => [
        k,
        p.type === "number" || p.type === "integer" ? 1 : p.type === "boolean" ? true : "x",
      ]),
    );
  } catch {
    return {};
  }
}

function idFor(path: string, f: Fixture): string {
  if (path.includes("/calculations/")) return f.calculationId;
  if (path.includes("/milestones/")) return f.milestoneId;
  if (path.includes("/obligations/")) return f.obligationId;
  if (path.includes("/invitations/")) return f.invitationId;
  if (path.includes("/embed-configs/")) return f.embedConfigId;
  return randomUUID();
}

const hostilePathSegment: fc.Arbitrary<string | (() => string)> = fc.oneof<
  fc.Arbitrary<string | (() => string)>[]
>(
  fc.constant(() => randomUUID()),
  fc.constantFrom("%00", "%ED%A0%80", "%C0%80", "%FF", "..", "%2e%2e", "x".repeat(2000), "0", "-1"),
  hostileString.map((s) => {
    try {
      return encodeURIComponent(s) || "%20";
    } catch {
      return "%ED%B0%80"; // a lone surrogate cannot be URI-encoded: its UTF-8 bytes instead
    }
  }),
);

/** `arbitrary` in one case out of `every`, null otherwise */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, every: number) =>
  fc.oneof(
    { weight: every - 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: arbitrary },
  );

const queryArb = sometimes(
  fc.tuple(fc.constantFrom("token", "callbackURL", "page", "cursor", "limit", "x"), hostileString),
  5,
);

const headerArb = sometimes(
  fc.oneof(
    fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 300,
    }),
    fc.constantFrom("", " ", "x".repeat(10_000), "ünïcode"),
  ),
  5,
);

interface FuzzCase {
  route: number;
  /** which path parameter `path` replaces */
  swap: number;
  ops: Op[];
  path: (string | (() => string)) | null;
  query: [string, string] | null;
  idempotencyKey: string | null;
  rawContentType: boolean;
}

const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
  // a route with a body three times as often: a delete has only its path to break
  route: fc.constantFrom(...fuzzed.flatMap((e, i) => (e.body !== undefined ? [i, i, i] : [i]))),
  swap: fc.nat(),
  // mostly one change, so that most of the body is valid and the change reaches deep
  ops: fc.oneof(
    { weight: 1, arbitrary: fc.constant<Op[]>([]) },
    { weight: 6, arbitrary: opArb.map((op): Op[] => [op]) },
    { weight: 2, arbitrary: fc.array(opArb, { minLength: 2, maxLength: 3 }) },
  ),
  path: sometimes(hostilePathSegment, 6),
  query: queryArb,
  idempotencyKey: headerArb,
  rawContentType: fc.boolean(),
});

// ---- the client: one keep-alive connection, drops detected -----------------------------------

interface Answer {
  status: number;
  text: string;
  connectionClose: boolean;
}

describe(`fuzzing the write routes on ${testEngine()}`, () => {
  let testApp: TestApp;
  let server: ServerType;
  let port: number;
  let owner: SignedInUser;
  let member: SignedInUser;
  let fixture: Fixture;
  let tables: string[];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const drops: string[] = [];
  const expectedClose = new WeakSet<Socket>();
  const watched = new WeakSet<Socket>();
  let current = "";
  let finishing = false;

  beforeAll(async () => {
    testApp = await createTestApp(
      {},
      {
        auth: {
          rateLimits: {
            ...relaxedAuthLimits.auth!.rateLimits,
            requestPasswordReset: { window: 60, max: 100_000 },
            resetPassword: { window: 60, max: 100_000 },
          },
        },
      },
    );
    owner = await signUpAndSignIn(testApp, uniqueEmail("fuzz-owner"));
    member = await signUpAndSignIn(testApp, uniqueEmail("fuzz-member"));
    await setPlan(testApp, owner.id, "pro");
    fixture = await repairFixture(null);
    tables = await checkedTables(testApp.database);
    // the check is only as good as its list of tables
    expect(tables).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "workspaces",
        "zakat_calculations",
        "embed_configs",
      ]),
    );
    server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    // a slow case (argon2 on a busy machine) must not look like a dropped connection
    (server as http.Server).keepAliveTimeout = 120_000;
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    finishing = true;
    agent.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await testApp?.close();
  });

  const db = () => testApp.database.db;

  const created = async (response: Response) => {
    if (response.status >= 300) {
      throw new Error(`fixture: ${response.status} ${await response.text()}`);
    }
    return response.json() as Promise<unknown>;
  };

  /** Whether every object of the fixture is still there, in one query. */
  async function fixtureIntact(f: Fixture): Promise<boolean> {
    const result = await db().execute(sql`select
      (select count(*) from workspace_members where workspace_id = ${f.ws}
        and user_id = ${owner.id} and role = 'owner')
      + (select count(*) from workspace_members where id = ${f.memberMembershipId})
      + (select count(*) from zakat_calculations where id = ${f.calculationId})
      + (select count(*) from milestones where id = ${f.milestoneId})
      + (select count(*) from obligations where id = ${f.obligationId})
      + (select count(*) from workspace_invitations where id = ${f.invitationId})
      + (select count(*) from embed_configs where id = ${f.embedConfigId}) as n`);
    return Number(rowsOf<{ n: unknown }>(result)[0]?.n) === 7;
  }

  /**
   * The fixture, whole again after a 2xx: each object that a delete, a leave or a role change
   * took away is replaced by another of its kind in the workspace, or made anew.
   */
  async function repairFixture(f: Fixture | null): Promise<Fixture> {
    if (f && (await fixtureIntact(f))) return f;
    try {
      return await rebuild(f);
    } catch (error) {
      // a piece cannot be made again in that workspace (say, a record needs a threshold the
      // fuzz removed): a fresh workspace instead
      if (!f) throw error;
      return rebuild(null);
    }
  }

  async function rebuild(f: Fixture | null): Promise<Fixture> {
    const pick = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ id?: string }>(await db().execute(query))[0]?.id ?? null;
    let ws = f?.ws ?? null;
    if (
      !ws ||
      !(await pick(sql`select workspace_id::text as id from workspace_members
          where workspace_id = ${ws} and user_id = ${owner.id} and role = 'owner'`))
    ) {
      const [row] = await db()
        .insert(workspaces)
        .values({ name: "Fuzz", createdBy: owner.id })
        .returning();
      ws = row!.id;
      await db()
        .insert(workspaceMembers)
        .values({ workspaceId: ws, userId: owner.id, role: "owner" });
    }
    const prefer = (column: string, id: string | undefined) =>
      sql.raw(`order by ${column}::text = '${id ?? ""}' desc`);
    const base = `/api/workspaces/${ws}`;

    const memberMembershipId =
      (await pick(sql`select id::text from workspace_members where workspace_id = ${ws}
          and user_id = ${member.id} ${prefer("id", f?.memberMembershipId)} limit 1`)) ??
      (
        await db()
          .insert(workspaceMembers)
          .values({ workspaceId: ws, userId: member.id, role: "member", invitedBy: owner.id })
          .returning()
      )[0]!.id;
    const calculationId =
      (await pick(sql`select id::text from zakat_calculations where workspace_id = ${ws}
          ${prefer("id", f?.calculationId)} limit 1`)) ??
      (
        (await created(await owner.json("POST", `${base}/calculations`, calculationBody))) as {
          id: string;
        }
      ).id;
    const milestoneId =
      (await pick(sql`select id::text from milestones where workspace_id = ${ws}
          ${prefer("id", f?.milestoneId)} limit 1`)) ??
      milestoneChangeSchema.parse(
        await created(
          await owner.json("POST", `${base}/milestones`, {
            date: "2026-01-10",
            title: "Fuzz threshold",
            type: "threshold",
          }),
        ),
      ).changed[0]!;
    const obligationId =
      (await pick(sql`select id::text from obligations where workspace_id = ${ws}
          ${prefer("id", f?.obligationId)} limit 1`)) ??
      (
        (await created(
          await owner.json("POST", `${base}/obligations`, {
            amount: "100",
            category: "Zakat",
            dueDate: "2026-12-01",
          }),
        )) as { id: string }
      ).id;
    const invitationId =
      (await pick(sql`select id::text from workspace_invitations where workspace_id = ${ws}
          ${prefer("id", f?.invitationId)} limit 1`)) ??
      (
        await db()
          .insert(workspaceInvitations)
          .values({
            workspaceId: ws,
            email: `fuzz-invited-${randomUUID()}@example.test`,
            role: "member",
            invitedBy: owner.id,
            tokenHash: hashInvitationToken(newInvitationToken()),
            expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
          })
          .returning()
      )[0]!.id;
    let embedConfigId = await pick(sql`select id::text from embed_configs
        where user_id = ${owner.id} ${prefer("id", f?.embedConfigId)} limit 1`);
    if (!embedConfigId) {
      embedConfigId = (
        (await created(
          await owner.json("POST", "/api/embed-configs", {
            name: "Fuzz embed",
            allowedDomains: ["fuzz-fixture.example.org"],
          }),
        )) as { id: string }
      ).id;
    }
    return {
      ws,
      memberMembershipId,
      calculationId,
      milestoneId,
      obligationId,
      invitationId,
      embedConfigId,
    };
  }

  function send(
    method: string,
    path: string,
    body: string | null,
    headers: Record<string, string>,
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent,
          headers: {
            origin: testBaseUrl,
            ...headers,
            ...(body !== null ? { "content-length": String(Buffer.byteLength(body)) } : {}),
          },
        },
        (response) => {
          const socket = response.socket;
          const close = /close/i.test(String(response.headers.connection ?? ""));
          if (close) expectedClose.add(socket);
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              text: Buffer.concat(chunks).toString("utf8"),
              connectionClose: close,
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("socket", (socket: Socket) => {
        if (watched.has(socket)) return;
        watched.add(socket);
        socket.on("close", () => {
          if (!finishing && !expectedClose.has(socket)) {
            drops.push(`connection dropped after ${current}`);
          }
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error("no answer in 30 s")));
      request.on("error", reject);
      if (body !== null) request.write(body);
      request.end();
    });
  }

  it(
    `answers ${runs} hostile requests without a 5xx, a dropped connection or a change after a refusal`,
    async () => {
      const started = Date.now();
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      const perRoute = new Map<string, number>();
      /** milliseconds per route, checksums and fixture rebuilds (shown with FUZZ_DEBUG) */
      const spent = new Map<string, number>();
      let ran = 0;
      let before = await tableChecksums(testApp.database, tables);

      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          ran++;
          const endpoint = fuzzed[c.route]!;
          const route = keyOf(endpoint);
          perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
          const seedBody = (seeds[route] ?? (() => seedFromSchema(endpoint)))(fixture, owner);
          const hasBody =
            endpoint.body !== undefined ||
            !(endpoint.method === "delete" || endpoint.method === "get");
          const body = hasBody ? mutate(seedBody, c.ops) : null;

          const params = endpoint.path.match(/\{\w+\}/g) ?? [];
          const swapped = c.path !== null && params.length > 0 ? c.swap % params.length : -1;
          let path = endpoint.path;
          params.forEach((param, i) => {
            let value =
              param === "{ws}"
                ? fixture.ws
                : param === "{memberId}"
                  ? fixture.memberMembershipId
                  : param === "{token}"
                    ? "not-a-token"
                    : idFor(endpoint.path, fixture);
            if (i === swapped) value = typeof c.path === "function" ? c.path() : c.path!;
            path = path.replace(param, value);
          });
          if (c.query) {
            let q: string;
            try {
              q = `${encodeURIComponent(c.query[0])}=${encodeURIComponent(c.query[1])}`;
            } catch {
              q = `${c.query[0]}=%ED%A0%80`;
            }
            path += `?${q}`;
          } else if (endpoint.path.endsWith("/verify-email")) {
            path += "?token=not-a-token";
          }

          const headers: Record<string, string> = {};
          // Better Auth's routes never get the owner's session (a sign-out would end it), but
          // the closed ones do, as a stolen session would
          if (
            endpoint.auth === "session" &&
            (!endpoint.path.startsWith("/api/auth/") || closedAuthRoutes.includes(endpoint))
          ) {
            headers.cookie = owner.cookie;
          } else if (endpoint.path.startsWith("/api/auth/sign-out")) {
            headers.cookie = "better-auth.session_token=fuzz.fuzz";
          }
          if (body !== null) {
            headers["content-type"] = c.rawContentType
              ? "application/json"
              : "application/json; charset=utf-8";
          }
          if (c.idempotencyKey !== null) headers["idempotency-key"] = c.idempotencyKey;

          const method = endpoint.method.toUpperCase();
          current =
            `${method} ${path.slice(0, 200)} ${(body ?? "").slice(0, 300)}` +
            ` (${body?.length ?? 0} characters${
              c.idempotencyKey !== null ? `, Idempotency-Key of ${c.idempotencyKey.length}` : ""
            })`;
          let answer: Answer;
          const sentAt = performance.now();
          try {
            answer = await send(method, path, body, headers);
            spent.set(route, (spent.get(route) ?? 0) + performance.now() - sentAt);
          } catch (error) {
            problems.push(`${current}: ${(error as Error).message}`);
            return true;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (process.env.FUZZ_DEBUG) {
            appendFileSync(
              process.env.FUZZ_DEBUG,
              `${answer.status} ${current.slice(0, 300)} ${answer.text.slice(0, 200)}\n`,
            );
          }
          if (answer.status >= 500) {
            problems.push(`${current} → ${answer.status} ${answer.text.slice(0, 300)}`);
          }
          const checkedAt = performance.now();
          const after = await tableChecksums(testApp.database, tables);
          spent.set("checksums", (spent.get("checksums") ?? 0) + performance.now() - checkedAt);
          if (answer.status < 200 || answer.status >= 300) {
            const changed = changedTables(before, after);
            if (changed.length > 0) {
              problems.push(`${current} → ${answer.status} changed ${changed.join(", ")}`);
            }
          } else {
            const repairedAt = performance.now();
            const repaired = await repairFixture(fixture);
            spent.set("fixture", (spent.get("fixture") ?? 0) + performance.now() - repairedAt);
            if (JSON.stringify(repaired) !== JSON.stringify(fixture)) {
              fixture = repaired;
              before = await tableChecksums(testApp.database, tables);
              return true;
            }
          }
          before = after;
          return true;
        }),
        { numRuns: runs, seed, endOnFailure: true },
      );

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `fuzz on ${testEngine()}: ${ran} cases over ${perRoute.size} routes in ${seconds} s ` +
          `(FUZZ_SEED=${seed}); statuses ${byStatus.join(" ")}; ${problems.length} problems, ` +
          `${drops.length} dropped connections`,
      );
      if (process.env.FUZZ_DEBUG) {
        const slowest = [...spent].sort(([, a], [, b]) => b - a);
        appendFileSync(
          process.env.FUZZ_DEBUG,
          slowest.map(([what, ms]) => `time ${Math.round(ms)} ms ${what}\n`).join("") +
            [...problems, ...drops].map((p) => `problem ${p}\n`).join(""),
        );
      }
      expect(ran).toBe(runs);
      expect(drops).toEqual([]);
      expect(problems).toEqual([]);
      // every fuzzed route got cases (a new route is in `fuzzed` through the registry)
      if (runs >= 20 * fuzzed.length) {
        expect([...perRoute.keys()].sort()).toEqual(fuzzed.map(keyOf).sort());
      }
    },
    Math.max(180_000, runs * 200),
  );
});
