import { describe, expect, it } from "vitest";
import { createSessionMemo } from "./session-memo.ts";

const cache = (expiresAt: number) =>
  Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: "x" })).toString("base64url");
const headers = (token: string, data?: string) =>
  new Headers({
    cookie: `other=1; hawl.session_token=${token}${data ? `; hawl.session_data=${data}` : ""}`,
  });

describe("session memo", () => {
  it("remembers until the cache cookie's expiry, never longer than the window", () => {
    let now = 1_000_000;
    const memo = createSessionMemo<string>(30, () => now);
    const soon = headers("t1", cache(now + 5_000));
    memo.set(soon, "alice");
    expect(memo.get(soon)).toBe("alice");
    now += 5_000;
    expect(memo.get(soon)).toBeUndefined();

    // a payload claiming a far expiry (forged, or not trusted by Better Auth) gets the window
    const far = headers("t2", cache(now + 3_600_000));
    memo.set(far, "bob");
    now += 29_000;
    expect(memo.get(far)).toBe("bob");
    now += 1_000;
    expect(memo.get(far)).toBeUndefined();
  });

  it("keys on both cookies: another token or cache is another lookup", () => {
    const now = 1_000_000;
    const memo = createSessionMemo<string>(30, () => now);
    const data = cache(now + 10_000);
    memo.set(headers("t1", data), "alice");
    expect(memo.get(headers("t2", data))).toBeUndefined();
    expect(memo.get(headers("t1", cache(now + 9_000)))).toBeUndefined();
    expect(memo.get(headers("t1", data))).toBe("alice");
  });

  it("remembers a lookup that read the database until the re-signed cache's expiry", () => {
    let now = 1_000_000;
    const memo = createSessionMemo<string>(30, () => now);
    // the request's own cache has expired; Better Auth read the session and signed a new one
    const old = headers("t1", cache(now - 1_000));
    memo.set(old, "alice", cache(now + 30_000));
    expect(memo.get(old)).toBe("alice");
    now += 29_000;
    expect(memo.get(old)).toBe("alice");
    now += 1_000;
    expect(memo.get(old)).toBeUndefined();
    // no cache cookie at all: the token alone is the key
    const bare = headers("t2");
    memo.set(bare, "bob", cache(now + 30_000));
    expect(memo.get(bare)).toBe("bob");
    expect(memo.get(headers("t2", cache(now + 30_000)))).toBeUndefined();
  });

  it("remembers nothing without a cache cookie, with an unreadable one, or with a 0 window", () => {
    const now = 1_000_000;
    const memo = createSessionMemo<string>(30, () => now);
    memo.set(headers("t1"), "alice");
    expect(memo.get(headers("t1"))).toBeUndefined();
    memo.set(headers("t1", "not-base64-json"), "alice");
    expect(memo.get(headers("t1", "not-base64-json"))).toBeUndefined();
    const off = createSessionMemo<string>(0, () => now);
    off.set(headers("t1", cache(now + 10_000)), "alice");
    expect(off.get(headers("t1", cache(now + 10_000)))).toBeUndefined();
  });
});
