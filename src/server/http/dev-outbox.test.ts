import { describe, expect, it } from "vitest";
import { devOutbox, isLoopbackHost } from "./dev-outbox.ts";

describe("devOutbox: served only where nobody else can read the links", () => {
  const base = { NODE_ENV: "development", HOST: "127.0.0.1", DEV_OUTBOX: false };

  it.each(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "app.localhost"])(
    "%s is loopback",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );
  it.each(["0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "hawl.example.org", "128.0.0.1"])(
    "%s is not loopback",
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );

  it("says why, for the start-up log", () => {
    expect(devOutbox(base)).toEqual({ served: true, reason: "HOST 127.0.0.1 is loopback" });
    expect(devOutbox({ ...base, HOST: "0.0.0.0" })).toMatchObject({
      served: false,
      reason: expect.stringMatching(/not loopback.*DEV_OUTBOX=1/),
    });
    expect(devOutbox({ ...base, HOST: "0.0.0.0", DEV_OUTBOX: true })).toEqual({
      served: true,
      reason: "DEV_OUTBOX=1",
    });
    expect(devOutbox({ ...base, SMTP_URL: "smtp://mail:25", DEV_OUTBOX: true })).toEqual({
      served: false,
      reason: "SMTP_URL is set",
    });
    expect(devOutbox({ ...base, NODE_ENV: "production", DEV_OUTBOX: true }).served).toBe(false);
  });
});
