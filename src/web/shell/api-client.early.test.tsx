import { afterEach, describe, expect, it, vi } from "vitest";
import { getMe } from "../../contracts/endpoints/account";
import { getSession, signOut } from "../../contracts/endpoints/auth";
import { meAnswer, serveAuth } from "~/features/auth/test/auth-api";
import { requestDashboardData } from "~/features/dashboard/lib/early-data";
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import { request, requestEarly, takeEarly } from "../lib/api-client";

installContractServer();
afterEach(() => {
  vi.useRealTimers();
  while (takeEarly("/api/auth/get-session")) {
    // nothing left for the next test
  }
});

const sessionReads = () => apiCalls().filter((c) => c.path === "/api/auth/get-session").length;

describe("early requests (issue 12)", () => {
  it("request() takes an early answer instead of asking again, once", async () => {
    serveAuth(true);
    void requestEarly("/api/auth/get-session");
    const first = await request(getSession);
    expect(first?.user.id).toBe("u1");
    expect(sessionReads()).toBe(1);
    await request(getSession);
    expect(sessionReads()).toBe(2);
  });

  it("request() of a declared GET takes the early answer too, checked by its schema", async () => {
    serve(route("get", "/api/me", () => Response.json(meAnswer("pro"))));
    void requestEarly("/api/me");
    const me = await request(getMe);
    expect(me.plan).toBe("pro");
    expect(apiCalls().filter((c) => c.path === "/api/me")).toHaveLength(1);
  });

  it("the caller of requestEarly reads a copy: request() still gets the whole answer", async () => {
    serveAuth(true);
    const copy = await requestEarly("/api/auth/get-session");
    expect(((await copy.json()) as { user: { id: string } }).user.id).toBe("u1");
    const answer = await request(getSession);
    expect(answer?.user.id).toBe("u1");
    expect(sessionReads()).toBe(1);
  });

  it("a stale early answer is not used", async () => {
    serveAuth(true);
    vi.useFakeTimers({ toFake: ["Date"] });
    void requestEarly("/api/auth/get-session");
    vi.setSystemTime(Date.now() + 11_000);
    await request(getSession);
    expect(sessionReads()).toBe(2);
  });

  it("a write never takes an early answer", async () => {
    serveAuth(true);
    void requestEarly("/api/auth/get-session");
    expect(takeEarly("/api/auth/sign-out")).toBeUndefined();
    await request(signOut, { body: {} });
    expect(takeEarly("/api/auth/get-session")).toBeDefined();
  });

  it("signed out, the dashboard asks for the session only", async () => {
    serveAuth(false);
    await requestDashboardData();
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/auth/get-session"]);
  });
});
