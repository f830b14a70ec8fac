import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../src/server/auth/auth.ts";
import { profiles, user } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  relaxedRateLimits,
  signUpAndVerify,
  uniqueEmail,
  type AuthTestApp,
} from "./auth-support.ts";

// Issue 28 #9 (decision 047): every route that writes the user's name or picture takes the
// rules of PATCH /api/me (contracts/user-fields.ts): at most 200 characters, http(s) only.

const longName = "n".repeat(100_000);
const badImages = [
  "javascript:alert(document.cookie)",
  " JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  `https://example.org/${"a".repeat(2000)}.png`,
];

describe(`the user's name and picture on ${testEngine()}`, () => {
  let app: AuthTestApp;
  let person: Awaited<ReturnType<typeof signUpAndVerify>>;

  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
    person = await signUpAndVerify(app, { name: "Amina" });
  });
  afterAll(() => app.close());

  const rowOf = async (userId: string) => {
    const [row] = await app.database.db
      .select({
        name: user.name,
        image: user.image,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    return row;
  };
  const usersWith = async (email: string) =>
    (await app.database.db.select().from(user).where(eq(user.email, email))).length;

  const errorCode = async (response: Response) => {
    const body = (await response.json()) as { code?: string; error?: { code: string } };
    return body.error?.code ?? body.code;
  };

  it("sign-up refuses an overlong name and stores nothing", async () => {
    const email = uniqueEmail("long-name");
    const response = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: goodPassword, name: longName });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe("NAME_TOO_LONG");
    expect(await usersWith(email)).toBe(0);
  });

  it.each(badImages.map((image) => [image.slice(0, 40), image]))(
    "sign-up refuses the picture %s and stores nothing",
    async (_label, image) => {
      const email = uniqueEmail("bad-image");
      const response = await app
        .browser()
        .post("/api/auth/sign-up/email", { email, password: goodPassword, name: "A", image });
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe("INVALID_IMAGE_URL");
      expect(await usersWith(email)).toBe(0);
    },
  );

  it("sign-up keeps an https picture and a trimmed name", async () => {
    const email = uniqueEmail("fine-image");
    const image = "https://example.org/me.png";
    const response = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: goodPassword, name: "  Bilal  ", image });
    expect(response.status).toBe(200);
    const [row] = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "Bilal", image });
  });

  it("PATCH /api/me refuses an overlong name and a javascript: picture, changing nothing", async () => {
    const before = await rowOf(person.userId);
    for (const body of [{ fullName: longName }, ...badImages.map((avatarUrl) => ({ avatarUrl }))]) {
      const response = await person.browser.request("/api/me", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe("VALIDATION_FAILED");
    }
    expect(await rowOf(person.userId)).toEqual(before);
  });

  it("update-user is closed over HTTP (404) and refuses in-process too, changing nothing", async () => {
    const before = await rowOf(person.userId);
    for (const body of [{ name: longName }, ...badImages.map((image) => ({ image }))]) {
      const response = await person.browser.post("/api/auth/update-user", body);
      expect(response.status).toBe(404);
    }
    // Better Auth's own call runs the same hooks: the rules hold should the route reopen
    const auth = createAuth(app.deps);
    const headers = new Headers({
      cookie: [...person.browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    });
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: longName }, "NAME_TOO_LONG"],
      ...badImages.map((image): [Record<string, string>, string] => [
        { image },
        "INVALID_IMAGE_URL",
      ]),
    ];
    for (const [body, code] of cases) {
      const refused = await auth.api
        .updateUser({ headers, body })
        .then(() => null)
        .catch((error: { statusCode?: number; body?: { code?: string } }) => error);
      expect(refused?.statusCode).toBe(400);
      expect(refused?.body?.code).toBe(code);
    }
    expect(await rowOf(person.userId)).toEqual(before);
  });
});
