import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { checkedTables, tableChecksums } from "../helpers/table-checksums.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan } from "../helpers/workspaces.ts";

// Issue 10, defect 2: a NUL in any text field gave 500 on both engines, with or without an
// account. Text no person types is refused at one door for every /api route (text-guard.ts):
// 400 VALIDATION_FAILED naming the field, and nothing stored.

const nul = "a\u0000b";

describe(`control characters on ${testEngine()}`, () => {
  let testApp: TestApp;
  let user: SignedInUser;
  let ws: string;
  let fingerprint: () => Promise<string>;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    user = await signUpAndSignIn(testApp, uniqueEmail("controls"));
    const list = (await (await user.request("/api/workspaces")).json()) as { id: string }[];
    ws = list[0]!.id;
    await setPlan(testApp, user.id, "pro");
    const tables = await checkedTables(testApp.database);
    fingerprint = async () => JSON.stringify(await tableChecksums(testApp.database, tables));
  });
  afterAll(() => testApp.close());

  async function expectRefused(response: Response, field: string) {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const body = errorBodySchema.parse(JSON.parse(text));
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields?.[field]).toBe("invalid_characters");
  }

  const post = (path: string, body: string, method = "POST") =>
    testApp.request(path, {
      method,
      headers: { "content-type": "application/json" },
      body,
    });

  const bank = { id: "b1", label: "Savings", amount: "100" };
  const signedInCases: [string, string, string, unknown][] = [
    ["PATCH", "/api/me", "fullName", { fullName: nul }],
    ["POST", "/api/workspaces", "name", { name: nul }],
    ["PATCH", "/api/workspaces/{ws}", "name", { name: nul }],
    [
      "POST",
      "/api/workspaces/{ws}/calculations",
      "name",
      { ...calculateRequestExample, name: nul },
    ],
    [
      "POST",
      "/api/workspaces/{ws}/calculations",
      "bankAccounts.0.label",
      { ...calculateRequestExample, name: "x", bankAccounts: [{ ...bank, label: nul }] },
    ],
    [
      "POST",
      "/api/workspaces/{ws}/calculations",
      "bankAccounts.0.id",
      { ...calculateRequestExample, name: "x", bankAccounts: [{ ...bank, id: nul }] },
    ],
    [
      "POST",
      "/api/workspaces/{ws}/milestones",
      "title",
      { date: "2026-05-01", title: nul, type: "threshold" },
    ],
    [
      "POST",
      "/api/workspaces/{ws}/obligations",
      "category",
      { amount: "10", category: nul, dueDate: "2026-12-01" },
    ],
    ["POST", "/api/embed-configs", "name", { name: nul, allowedDomains: ["example.org"] }],
  ];

  it.each(signedInCases)(
    "%s %s: a NUL in %s → 400, nothing stored",
    async (method, path, field, body) => {
      const before = await fingerprint();
      await expectRefused(await user.json(method, path.replace("{ws}", ws), body), field);
      expect(await fingerprint()).toBe(before);
    },
  );

  it("without an account: the e-mail of a sign-in and the token of a reset", async () => {
    await expectRefused(
      await post(
        "/api/auth/sign-in/email",
        JSON.stringify({ email: `x${nul}@example.org`, password: "whatever 123" }),
      ),
      "email",
    );
    await expectRefused(
      await post(
        "/api/auth/reset-password",
        JSON.stringify({ newPassword: "a fine new password 42", token: nul }),
      ),
      "token",
    );
    await expectRefused(
      await post(
        "/api/auth/sign-up/email",
        JSON.stringify({ email: uniqueEmail("nul"), password: "a fine password 42", name: nul }),
      ),
      "name",
    );
  });

  it("other controls, DEL, C1, lone surrogates and U+FFFF are refused; tab, newline, bidi and emoji pass", async () => {
    for (const bad of ["\u0001", "\u001b[31m", "\u007f", "\u0085", "\u009b", "\uffff", "\ufffe"]) {
      await expectRefused(await user.json("POST", "/api/workspaces", { name: `x${bad}y` }), "name");
    }
    // written as raw JSON text: JSON.stringify would escape the lone surrogates the same way,
    // and JSON.parse on the server turns them back into lone UTF-16 units
    for (const lone of ["\\ud800", "\\udfff", "x\\ud83dy", "\\ude00\\ud83d"]) {
      await expectRefused(
        await user.request("/api/workspaces", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `{"name":"${lone}"}`,
        }),
        "name",
      );
    }
    const fine = ["Family\tsavings", "عائلة\u200f أحمد", "\u202eabc\u202c", "Savings 💰👨‍👩‍👧"];
    for (const name of fine) {
      const response = await user.json("POST", "/api/embed-configs", {
        name,
        allowedDomains: ["fine.example.org"],
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const created = (await response.json()) as { id: string; name: string };
      expect(created.name).toBe(name.trim());
      expect(
        (await user.request(`/api/embed-configs/${created.id}`, { method: "DELETE" })).status,
      ).toBe(204);
    }
  });

  it("keys, query parameters and path segments too; a __proto__ key is an unknown field", async () => {
    await expectRefused(
      await user.request("/api/workspaces", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"ok","x\\u0000":1}',
      }),
      "x\uFFFD",
    );
    const proto = await user.request("/api/workspaces", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"ok","__proto__":{"name":"polluted"}}',
    });
    expect(proto.status).toBe(400);
    expect(errorBodySchema.parse(await proto.json()).error.fields).toEqual({
      __proto__: "unknown_field",
    });
    await expectRefused(
      await user.request(`/api/workspaces/${ws}/calculations?cursor=%00`),
      "cursor",
    );
    await expectRefused(await testApp.request("/api/auth/verify-email?token=a%00b"), "token");
    await expectRefused(
      await testApp.request("/api/auth/reset-password/a%00b?callbackURL=%2F"),
      "path",
    );
  });

  it("a body that passes is still read by Better Auth and by our routes", async () => {
    const response = await post(
      "/api/auth/sign-in/email",
      JSON.stringify({ email: user.email, password: "not the password 123" }),
    );
    expect(response.status).toBe(401);
    const created = await user.json("POST", "/api/workspaces", { name: "Line one" });
    expect(created.status).toBe(201);
  });
});
