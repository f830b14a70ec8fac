// The answers of the session lookup, kept in this process for as long as the signed session
// cookie cache they came with is trusted anyway (decision 018): the same cookies again within
// that time skip Better Auth (its context, two HMAC checks through WebCrypto, the cookie
// parsing), the costly part of a signed-in read. It never widens the window: an entry
// lives until the cache cookie's own expiry, and at most `seconds` after it was made (so a
// cookie whose payload Better Auth did not trust, and read the database for instead, gets no
// more time than a freshly signed one).
//
// A lookup that read the database (the cache cookie had expired, or was missing) is remembered
// too, for the request's cookies, until the expiry of the cache cookie Better Auth signed with
// that answer: the same window the client would get by sending the new cookie. A client that
// keeps sending the cookies it signed in with (autocannon, a script without a cookie jar, a
// second tab racing the first) otherwise costs a session read, two HMAC checks and a signature
// on every request once its first window has passed.

const maxEntries = 10_000;

export interface SessionMemo<T> {
  /** the answer remembered for these request headers, if still within its time */
  get(headers: Headers): T | undefined;
  /**
   * remembers `value` for these request headers, until the expiry of `freshCache` (the cache
   * cookie signed with this answer, when the lookup read the database) or else of the request's
   * own unchunked cache cookie; never longer than the window
   */
  set(headers: Headers, value: T, freshCache?: string): void;
}

interface Entry<T> {
  value: T;
  until: number;
}

const cookiePattern = /(?:^|;\s*)(?:__Secure-)?hawl\.session_(token|data)=([^;]*)/g;
const setCacheCookiePattern = /^(?:__Secure-)?hawl\.session_data=([^;]*)/;

/** The value of the session cache cookie among Set-Cookie lines, null if none sets one. */
export function signedCacheCookie(setCookies: string[]): string | null {
  for (const line of setCookies) {
    const value = setCacheCookiePattern.exec(line)?.[1];
    if (value) return value;
  }
  return null;
}

/**
 * "token|data" from the session cookies (data empty without a cache cookie), or null without a
 * session token.
 */
function keyOf(headers: Headers): { key: string; data: string | undefined } | null {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  let token: string | undefined;
  let data: string | undefined;
  for (const match of cookie.matchAll(cookiePattern)) {
    if (match[1] === "token") token = match[2];
    else data = match[2];
  }
  if (!token) return null;
  return { key: `${token}|${data ?? ""}`, data };
}

/** The expiry (ms) inside Better Auth's compact cache cookie: base64url JSON. */
function cacheExpiry(data: string): number | null {
  try {
    const json: unknown = JSON.parse(
      Buffer.from(decodeURIComponent(data), "base64url").toString("utf8"),
    );
    const expiresAt = (json as { expiresAt?: unknown }).expiresAt;
    return typeof expiresAt === "number" && Number.isFinite(expiresAt) ? expiresAt : null;
  } catch {
    return null;
  }
}

export function createSessionMemo<T>(seconds: number, now = () => Date.now()): SessionMemo<T> {
  const entries = new Map<string, Entry<T>>();
  return {
    get(headers) {
      if (seconds <= 0) return undefined;
      const found = keyOf(headers);
      const entry = found && entries.get(found.key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(found.key);
        return undefined;
      }
      return entry.value;
    },
    set(headers, value, freshCache) {
      if (seconds <= 0) return;
      const found = keyOf(headers);
      if (!found) return;
      const data = freshCache ?? found.data;
      if (data === undefined) return;
      const expiry = cacheExpiry(data);
      if (expiry === null) return;
      const until = Math.min(expiry, now() + seconds * 1000);
      if (until <= now()) return;
      // oldest first: Map keeps insertion order
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(found.key, { value, until });
    },
  };
}
