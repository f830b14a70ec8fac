import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "../../src/contracts/endpoints.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { milestoneChangeSchema } from "../../src/contracts/zakat.ts";
import {
  calculationCounts,
  calendarFeeds,
  embedConfigs,
  milestones,
  obligationPayments,
  obligations,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  zakatCalculations,
  zakatStates,
} from "../../src/server/db/schema.ts";
import {
  hashInvitationToken,
  newInvitationToken,
} from "../../src/server/services/membership-records.ts";
import {
  signedInWith,
  signUpAndSignIn,
  testPassword,
  uniqueEmail,
  type SignedInUser,
} from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan, unverify } from "../helpers/workspaces.ts";
import {
  actors,
  calculationBody,
  specs,
  statementYear,
  thresholdDay,
  type Actor,
  type Relation,
  type RouteSpec,
  type Target,
  type World,
} from "./authorization-matrix-specs.ts";

// The authorization matrix (issue 5): every /api/* route of the endpoint registry (so a new
// route without a row in authorization-matrix-specs.ts fails) × actor × target, each with its
// exact status. It runs in
// parts (authorization-matrix-<n>.test.ts), each with its own app and database, the routes
// dealt out in turn: a vitest file is what the workers share out (decision 036). Two
// workspaces: A (owner, member) and B (otherOwner, otherMember). Targets: A, B, and for routes
// naming an object, A's path with B's object ("foreignId"). A case that may change data runs on
// a fresh pair of workspaces; every other case runs on a shared pair whose rows must be exactly
// the same afterwards. A non-member's 404 must be the very answer an unknown workspace gets.

const keyOf = (e: Endpoint) => `${e.method.toUpperCase()} ${e.path}`;
const apiEndpoints = endpoints.filter((e) => e.path.startsWith("/api/"));

function relationOf(actor: Actor, ws: "A" | "B"): Relation {
  switch (actor) {
    case "anonymous":
    case "unverified":
      return actor;
    case "outsider":
      return "nonMember";
    case "member":
      return ws === "A" ? "member" : "nonMember";
    case "owner":
      return ws === "A" ? "owner" : "nonMember";
    case "otherMember":
      return ws === "B" ? "member" : "nonMember";
  }
}

const okStatus = (spec: RouteSpec, actor: Actor, relation: Relation) =>
  typeof spec.ok === "number" ? spec.ok : spec.ok({ actor, relation });

interface Case {
  route: string;
  endpoint: Endpoint;
  spec: RouteSpec;
  actor: Actor;
  target: Target;
  expected: number;
  /** acceptable error codes of a refusal (undefined: not checked) */
  codes?: string[];
}

function casesOf(endpoint: Endpoint): Case[] {
  const route = keyOf(endpoint);
  const spec = specs[route];
  if (!spec) return [];
  const scoped = endpoint.path.includes("{ws}");
  const targets: Target[] = scoped
    ? ["A", "B", ...(spec.object ? (["foreignId"] as const) : [])]
    : spec.acceptsToken || spec.access === "embedOwner" || spec.access === "invitee"
      ? ["A", "B"]
      : ["-"];
  return actors.flatMap((actor) =>
    targets.map((target): Case => {
      const base = { route, endpoint, spec, actor, target };
      if (spec.access === "public") {
        return { ...base, expected: okStatus(spec, actor, "nonMember") };
      }
      if (actor === "anonymous" || actor === "unverified") {
        return { ...base, expected: 401, codes: ["UNAUTHENTICATED"] };
      }
      if (spec.access === "embedOwner") {
        const own =
          (actor === "owner" && target === "A") || (actor === "otherMember" && target === "B");
        return own
          ? { ...base, expected: okStatus(spec, actor, "owner") }
          : { ...base, expected: 404, codes: ["NOT_FOUND"] };
      }
      if (spec.access === "invitee") {
        return actor === "outsider"
          ? { ...base, expected: okStatus(spec, actor, "nonMember") }
          : { ...base, expected: 404, codes: ["INVITATION_NOT_FOUND"] };
      }
      if (!scoped) {
        const expected = okStatus(spec, actor, "nonMember");
        return {
          ...base,
          expected,
          codes: expected === 403 ? ["INVITATION_EMAIL_MISMATCH", "PASSWORD_INCORRECT"] : undefined,
        };
      }
      const relation = relationOf(actor, target === "B" ? "B" : "A");
      if (relation === "nonMember") return { ...base, expected: 404, codes: ["NOT_FOUND"] };
      if (spec.access === "owner" && relation !== "owner") {
        return { ...base, expected: 403, codes: ["FORBIDDEN"] };
      }
      if (target === "foreignId") {
        return { ...base, expected: 404, codes: ["NOT_FOUND", "INVITATION_NOT_FOUND"] };
      }
      return { ...base, expected: okStatus(spec, actor, relation) };
    }),
  );
}

const allCases = apiEndpoints.flatMap(casesOf);

/** How many files the matrix runs in (authorization-matrix-1.test.ts and on). */
export const matrixParts = 3;

/**
 * Part `part` (1-based): every matrixParts-th route of the registry, starting at the part-th.
 * Part 1 also checks the registry and the specs against each other, the files and the total
 * count; the last part checks lists against single reads.
 */
export function describeAuthorizationMatrix(part: number) {
  const parts = matrixParts;
  const partEndpoints = apiEndpoints.filter((_, i) => i % parts === part - 1);
  const partCases = partEndpoints.flatMap(casesOf);
  describe(`authorization matrix on ${testEngine()}, part ${part} of ${parts}`, () => {
    matrix(part, parts, partEndpoints, partCases);
  });
}

function matrix(part: number, parts: number, partEndpoints: Endpoint[], partCases: Case[]) {
  let testApp: TestApp;
  const people = {} as Record<Exclude<Actor, "anonymous">, SignedInUser> & {
    otherOwner: SignedInUser;
  };
  /** a second session per actor, for sign-out */
  const spare = {} as Record<string, string>;
  let shared: World;
  let ran = 0;

  beforeAll(async () => {
    testApp = await createTestApp(
      {},
      {
        auth: {
          rateLimits: {
            ...relaxedAuthLimits.auth!.rateLimits,
            requestPasswordReset: { window: 60, max: 10_000 },
            resetPassword: { window: 60, max: 10_000 },
          },
        },
      },
    );
    const names = [
      "unverified",
      "outsider",
      "member",
      "owner",
      "otherMember",
      "otherOwner",
    ] as const;
    const signedUp = await Promise.all(
      names.map((name) => signUpAndSignIn(testApp, uniqueEmail(`matrix-${name.toLowerCase()}`))),
    );
    names.forEach((name, i) => (people[name] = signedUp[i]!));
    for (const person of signedUp) await setPlan(testApp, person.id, "pro");
    for (const name of names) spare[name] = await signInAgain(people[name].email);
    await unverify(testApp, people.unverified.id);
    shared = await buildWorld();
  });
  afterAll(async () => {
    console.log(
      `authorization matrix, part ${part} of ${parts}: ${ran} cases run ` +
        `(${partCases.length} planned) over ${partEndpoints.length} of the ` +
        `${apiEndpoints.length} /api routes × ${actors.length} actors × targets ` +
        `(${allCases.length} cases in all)`,
    );
    await testApp.close();
  });

  async function signInAgain(email: string): Promise<string> {
    const response = await testApp.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: testPassword }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0]!)
      .join("; ");
  }

  const db = () => testApp.database.db;

  const embedConfigOfWorkspace = new Map<string, string>();

  async function buildWorkspace(
    owner: SignedInUser,
    member: SignedInUser,
    name: string,
    embedOwner: SignedInUser,
  ) {
    const [ws] = await db().insert(workspaces).values({ name, createdBy: owner.id }).returning();
    const id = ws!.id;
    const [ownerRow, memberRow] = await db()
      .insert(workspaceMembers)
      .values([
        { workspaceId: id, userId: owner.id, role: "owner" },
        { workspaceId: id, userId: member.id, role: "member", invitedBy: owner.id },
      ])
      .returning();
    const calculation = await owner.json("POST", `/api/workspaces/${id}/calculations`, {
      ...calculationBody,
      name: `${name} calculation`,
    });
    expect(calculation.status).toBe(201);
    const milestone = await owner.json("POST", `/api/workspaces/${id}/milestones`, {
      date: thresholdDay,
      title: `${name} threshold`,
      type: "threshold",
    });
    expect(milestone.status).toBe(201);
    const obligation = await owner.json("POST", `/api/workspaces/${id}/obligations`, {
      amount: "100",
      category: "Zakat",
      dueDate: "2026-12-01",
    });
    expect(obligation.status).toBe(201);
    const token = newInvitationToken();
    const [invitation] = await db()
      .insert(workspaceInvitations)
      .values({
        workspaceId: id,
        email: people.outsider.email,
        role: "member",
        invitedBy: owner.id,
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      })
      .returning();
    const embed = await embedOwner.json("POST", "/api/embed-configs", {
      name: `${name} embed`,
      allowedDomains: [`${name.toLowerCase()}.example.org`],
    });
    expect(embed.status).toBe(201);
    const embedConfigId = ((await embed.json()) as { id: string }).id;
    embedConfigOfWorkspace.set(id, embedConfigId);
    const [feed] = await db()
      .insert(calendarFeeds)
      .values({ workspaceId: id, createdBy: owner.id, tokenHash: randomUUID(), language: "en" })
      .returning();
    return {
      id,
      embedConfigId,
      calendarFeedId: feed!.id,
      ownerMembershipId: ownerRow!.id,
      memberMembershipId: memberRow!.id,
      calculationId: ((await calculation.json()) as { id: string }).id,
      milestoneId: milestoneChangeSchema.parse(await milestone.json()).changed[0]!,
      obligationId: ((await obligation.json()) as { id: string }).id,
      invitationId: invitation!.id,
      invitationToken: token,
    };
  }

  async function buildWorld(): Promise<World> {
    return {
      A: await buildWorkspace(people.owner, people.member, "A", people.owner),
      B: await buildWorkspace(people.otherOwner, people.otherMember, "B", people.otherMember),
    };
  }

  async function dropWorld(world: World) {
    await db()
      .delete(workspaces)
      .where(inArray(workspaces.id, [world.A.id, world.B.id]));
    await db()
      .delete(embedConfigs)
      .where(inArray(embedConfigs.id, [world.A.embedConfigId, world.B.embedConfigId]));
  }

  /**
   * every row of the workspace, as text, in one statement (a case takes four): equal before
   * and after means nothing changed
   */
  async function fingerprint(ws: string): Promise<string> {
    const rowsOfWorkspace = [
      workspaceMembers,
      workspaceInvitations,
      zakatCalculations,
      calculationCounts,
      milestones,
      obligations,
      obligationPayments,
      zakatStates,
      calendarFeeds,
    ].map(
      (table) =>
        sql`(select coalesce(string_agg(t::text, '|' order by t::text), '') from ${table} t where t.workspace_id = ${ws})`,
    );
    const embedConfigId = embedConfigOfWorkspace.get(ws) ?? randomUUID();
    const parts = [
      sql`(select coalesce(string_agg(t::text, '|'), '') from ${workspaces} t where t.id = ${ws})`,
      ...rowsOfWorkspace,
      sql`(select coalesce(string_agg(t::text, '|'), '') from ${embedConfigs} t where t.id = ${embedConfigId})`,
    ];
    const result = await db().execute(sql`select ${sql.join(parts, sql` || '#' || `)} as rows`);
    return (result as unknown as { rows: Array<{ rows: string }> }).rows[0]!.rows;
  }

  function cookieOf(actor: Actor, useSpare: boolean): string | null {
    if (actor === "anonymous") return null;
    return useSpare ? spare[actor]! : people[actor].cookie;
  }

  async function send(
    c: Case,
    world: World,
    override: { ws?: string; object?: string } = {},
  ): Promise<Response> {
    const pathWs = c.target === "B" ? world.B : world.A;
    const objectWs = c.target === "B" || c.target === "foreignId" ? world.B : world.A;
    const bodyWs = c.spec.acceptsToken ? (c.target === "B" ? world.B : world.A) : objectWs;
    let path = c.endpoint.path
      .replace("{ws}", override.ws ?? pathWs.id)
      .replace("{year}", statementYear);
    if (c.spec.object) {
      path = path.replace(/\{(id|memberId|token)\}/, override.object ?? c.spec.object(objectWs));
    }
    if (c.spec.query) path += `?${c.spec.query}`;
    const headers = new Headers();
    const cookie = cookieOf(c.actor, c.spec.spareSession ?? false);
    if (cookie) headers.set("cookie", cookie);
    const body = c.spec.body?.(bodyWs);
    if (body !== undefined) headers.set("content-type", "application/json");
    return testApp.request(path, {
      method: c.endpoint.method.toUpperCase(),
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** runs one case; returns a problem description, or null when it is as expected */
  async function run(c: Case): Promise<string | null> {
    ran++;
    if (c.spec.spareSession && c.actor !== "anonymous") {
      spare[c.actor] = await signInAgainAs(c.actor);
    }
    const fresh = c.spec.writes === true && c.expected < 300;
    const world = fresh ? await buildWorld() : shared;
    const untouched = c.target === "B" ? world.A.id : world.B.id;
    const before = {
      A: await fingerprint(world.A.id),
      B: await fingerprint(world.B.id),
    };
    try {
      const response = await send(c, world);
      const label = `${c.route} as ${c.actor} on ${c.target}`;
      const text = await response.text();
      if (response.status !== c.expected) {
        const allow = response.status < 400 && c.expected >= 400 ? "UNEXPECTED ALLOW: " : "";
        return `${allow}${label}: ${response.status} instead of ${c.expected} ${text.slice(0, 200)}`;
      }
      if (c.codes) {
        const code = errorBodySchema.safeParse(JSON.parse(text || "null")).data?.error.code;
        if (!code || !c.codes.includes(code)) return `${label}: code ${code} not in ${c.codes}`;
      }
      const unknownObject = c.spec.access === "embedOwner" || c.spec.access === "invitee";
      if (
        c.expected === 404 &&
        (c.codes?.includes("NOT_FOUND") || c.spec.access === "invitee") &&
        c.target !== "foreignId"
      ) {
        // a non-member learns nothing: the same answer as for a workspace that does not exist
        // (an invitation or embed configuration that is not theirs: as for an unknown id)
        const unknown = await send(
          c,
          world,
          unknownObject ? { object: randomUUID() } : { ws: randomUUID() },
        );
        const unknownText = await unknown.text();
        if (unknown.status !== 404 || unknownText !== text) {
          return `${label}: ${text} differs from an unknown workspace's ${unknown.status} ${unknownText}`;
        }
      }
      if (!fresh) {
        for (const key of ["A", "B"] as const) {
          if ((await fingerprint(world[key].id)) !== before[key]) {
            return `${label}: changed workspace ${key} (answered ${response.status})`;
          }
        }
      } else if (
        (await fingerprint(untouched)) !== (untouched === world.A.id ? before.A : before.B)
      ) {
        return `${label}: changed the other workspace`;
      }
      return null;
    } finally {
      if (fresh) await dropWorld(world);
      if (c.spec.endsEverySession && fresh && c.actor !== "anonymous") {
        await signInAfresh(c.actor);
        shared = await buildWorld();
      }
    }
  }

  /** a new session for an actor whose sessions all ended (people[actor] and its spare) */
  async function signInAfresh(actor: Exclude<Actor, "anonymous">): Promise<void> {
    people[actor] = signedInWith(testApp, people[actor], await signInAgain(people[actor].email));
    spare[actor] = await signInAgain(people[actor].email);
  }

  async function signInAgainAs(actor: Exclude<Actor, "anonymous">): Promise<string> {
    if (actor !== "unverified") return signInAgain(people[actor].email);
    // an unverified account cannot sign in: keep using a spare session made before
    return spare.unverified!;
  }

  it.runIf(part === 1)(
    "has a row for every /api route of the registry, and no row for a route that is gone",
    () => {
      const registered = apiEndpoints.map(keyOf);
      expect(registered.filter((route) => !specs[route])).toEqual([]);
      expect(Object.keys(specs).filter((route) => !registered.includes(route))).toEqual([]);
    },
  );

  it.runIf(part === 1)("has a file for each part, and none more", () => {
    const files = readdirSync(import.meta.dirname).filter((f) =>
      /^authorization-matrix-\d+\.test\.ts$/.test(f),
    );
    expect(files.sort()).toEqual(
      Array.from({ length: matrixParts }, (_, i) => `authorization-matrix-${i + 1}.test.ts`).sort(),
    );
  });

  describe.each(partEndpoints.map((e) => [keyOf(e), e] as const))("%s", (route, endpoint) => {
    it("answers every actor and target with the exact status", async () => {
      const cases = casesOf(endpoint);
      expect(cases.length, `no matrix row for ${route}`).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const c of cases) {
        const problem = await run(c);
        if (problem) problems.push(problem);
      }
      expect(problems).toEqual([]);
    });
  });

  it("counts at least 200 cases", () => {
    expect(ran).toBe(partCases.length);
    expect(allCases.length).toBeGreaterThanOrEqual(200);
  });

  describe.runIf(part === parts)("lists and single reads agree on what each caller can see", () => {
    let world: World;

    beforeAll(async () => {
      world = await buildWorld();
      // the member of A is also a member of B here: workspace membership alone cannot hide
      // A's objects from B's paths, only the object's own workspace can
      await db()
        .insert(workspaceMembers)
        .values({ workspaceId: world.B.id, userId: people.member.id, role: "member" });
    });

    const idsOf = async (
      person: SignedInUser,
      path: string,
      pick: (body: unknown) => unknown[],
    ) => {
      const response = await person.request(path);
      if (response.status !== 200) return { status: response.status, ids: [] as string[] };
      return {
        status: 200,
        ids: pick(await response.json()).map((x) => (x as { id: string }).id),
      };
    };

    it.each(["outsider", "member", "owner", "otherMember"] as const)("as %s", async (actor) => {
      const person = people[actor];
      const fixtures = { A: world.A, B: world.B };
      const listed = (await (await person.request("/api/workspaces")).json()) as { id: string }[];
      for (const key of ["A", "B"] as const) {
        const f = fixtures[key];
        const other = fixtures[key === "A" ? "B" : "A"];
        const base = `/api/workspaces/${f.id}`;
        const member = listed.some((w) => w.id === f.id);
        const expectedStatus = member ? 200 : 404;
        const calculations = await idsOf(
          person,
          `${base}/calculations`,
          (b) => (b as { calculations: unknown[] }).calculations,
        );
        const milestoneList = await idsOf(person, `${base}/milestones`, (b) => b as unknown[]);
        const obligationList = await idsOf(person, `${base}/obligations`, (b) => b as unknown[]);
        const memberList = await idsOf(person, `${base}/members`, (b) => b as unknown[]);
        for (const list of [calculations, milestoneList, obligationList, memberList]) {
          expect(list.status, `${actor} lists of ${key}`).toBe(expectedStatus);
        }
        // a list shows exactly the workspace's own objects, never the other's
        expect(calculations.ids).toEqual(member ? [f.calculationId] : []);
        expect(milestoneList.ids).toEqual(member ? [f.milestoneId] : []);
        expect(obligationList.ids).toEqual(member ? [f.obligationId] : []);
        expect(memberList.ids).not.toContain(other.ownerMembershipId);
        // single reads agree with the lists: each known calculation through this workspace
        for (const id of [world.A.calculationId, world.B.calculationId]) {
          const single = await person.request(`${base}/calculations/${id}`);
          expect(single.status, `${actor} reads calculation ${id} through ${key}`).toBe(
            calculations.ids.includes(id) ? 200 : 404,
          );
        }
        // an object of the other workspace cannot be changed through this one either
        const notHere = [
          ["DELETE", `${base}/milestones/${other.milestoneId}`],
          ["DELETE", `${base}/obligations/${other.obligationId}`],
          ["DELETE", `${base}/calculations/${other.calculationId}`],
        ] as const;
        const before = await fingerprint(other.id);
        for (const [method, path] of notHere) {
          expect((await person.request(path, { method })).status, `${method} ${path}`).toBe(404);
        }
        expect(await fingerprint(other.id)).toBe(before);
      }
      // the member of both sees both; everyone else exactly their own
      const expected = {
        outsider: [],
        member: [world.A.id, world.B.id],
        owner: [world.A.id],
        otherMember: [world.B.id],
      }[actor];
      expect(
        listed
          .map((w) => w.id)
          .filter((id) => id === world.A.id || id === world.B.id)
          .sort(),
      ).toEqual([...expected].sort());
    });
  });
}
