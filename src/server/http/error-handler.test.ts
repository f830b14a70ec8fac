import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./context.ts";
import { createErrorHandler, notFoundHandler } from "./error-handler.ts";
import { AppError } from "../errors.ts";
import { requestContext } from "./request-context.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

function appWith(route: (app: Hono<AppEnv>) => void, databaseUp = true) {
  const { logger, lines } = capture();
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ databaseAnswers: async () => databaseUp }));
  app.notFound(notFoundHandler);
  app.use(requestContext({ logger, trustProxy: false }));
  route(app);
  return { app, lines };
}

const queryError = () =>
  Object.assign(new Error("Failed query: select * from user where email = $1\nparams: a@b.c"), {
    query: "select * from user where email = $1",
    params: ["a@b.c"],
    cause: Object.assign(new Error("boom"), { code: "42P01" }),
  });

describe("errorHandler", () => {
  it.each<[string, () => unknown, number, string]>([
    ["an AppError", () => new AppError("PLAN_LIMIT_REACHED", "Limit."), 403, "PLAN_LIMIT_REACHED"],
    [
      "a refused connection",
      () =>
        new Error("Failed query", {
          cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }),
        }),
      503,
      "UNAVAILABLE",
    ],
    [
      "an admin shutdown",
      () => Object.assign(new Error("terminating"), { code: "57P01" }),
      503,
      "UNAVAILABLE",
    ],
    ["a bug", () => new TypeError("secret internals at /srv/x.ts"), 500, "INTERNAL"],
    ["a failed query", queryError, 500, "INTERNAL"],
  ])("maps %s to %i %s without leaking internals", async (_n, make, status, code) => {
    const { app } = appWith((a) =>
      a.get("/x", () => {
        throw make();
      }),
    );
    const response = await app.request("/x");
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code, message: expect.any(String) } });
    expect(text).not.toMatch(/secret|internals|select|a@b\.c|stack/);
    if (status === 503) expect(response.headers.get("retry-after")).toBe("5");
  });

  it("answers 503 for an unrecognisable error while the database does not answer", async () => {
    const { app } = appWith(
      (a) =>
        a.get("/x", () => {
          throw new Error("Failed to get session");
        }),
      false,
    );
    const response = await app.request("/x");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAVAILABLE");
  });

  it("keeps fields and extra headers of an AppError", async () => {
    const { app } = appWith((a) =>
      a.get("/x", () => {
        throw new AppError("RATE_LIMITED", "Slow down.", {
          fields: { a: "b" },
          headers: { "Retry-After": "30" },
        });
      }),
    );
    const response = await app.request("/x");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Slow down.", fields: { a: "b" } },
    });
  });

  it("logs a 500 with its cause but never the query parameters", async () => {
    const { app, lines } = appWith((a) =>
      a.get("/x", () => {
        throw queryError();
      }),
    );
    await app.request("/x");
    const logged = JSON.stringify(lines);
    expect(logged).toContain("unhandled error");
    expect(logged).toContain("42P01");
    expect(logged).not.toContain("a@b.c");
  });
});

describe("request log", () => {
  it("has method, path without query, status, duration; no cookie, token or query", async () => {
    const { app, lines } = appWith((a) =>
      a.get("/api/auth/reset-password/:token", (c) => c.text("ok")),
    );
    await app.request("/api/auth/reset-password/SECRET-TOKEN?callbackURL=%2Freset&token=Q", {
      headers: { cookie: "hawl.session_token=COOKIE", authorization: "Bearer BEARER" },
    });
    const line = lines.find((l) => l.msg === "request")!;
    expect(line).toMatchObject({
      method: "GET",
      path: "/api/auth/reset-password/:token",
      status: 200,
      requestId: expect.any(String),
    });
    expect(typeof line.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toMatch(/SECRET|COOKIE|BEARER|callbackURL|token=Q/);
  });

  it("logs 5xx at error level", async () => {
    const { app, lines } = appWith((a) =>
      a.get("/x", () => {
        throw new Error("x");
      }),
    );
    await app.request("/x?password=hunter2");
    const line = lines.find((l) => l.msg === "request")!;
    expect(line).toMatchObject({ status: 500, level: 50, path: "/x" });
    expect(JSON.stringify(lines)).not.toContain("hunter2");
  });
});
