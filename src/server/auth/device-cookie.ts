import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { accountKey } from "./sign-in-failures.ts";

// OWASP "Slow down online guessing attacks with device cookies": a browser that signed in to an
// account gets a long-lived cookie, signed with BETTER_AUTH_SECRET and bound to that account.
// When it comes back it is held only by its own failure limit, never by the account's lockout
// that strangers' guesses fill up (decision 004).
//
// Value: `v1.<account tag>.<device id>.<HMAC-SHA256>`, all base64url. The account tag is a hash
// of the lower-cased e-mail (the cookie does not carry the address); the device id is 16
// random bytes, the key of the device's own failure counter.

const version = "v1";
export const deviceCookieMaxAgeSeconds = 180 * 24 * 3600;

export function deviceCookieName(https: boolean): string {
  return `${https ? "__Secure-" : ""}hawl.device`;
}

function accountTag(email: string): string {
  return createHash("sha256")
    .update(`hawl-device-account:${accountKey(email)}`)
    .digest("base64url")
    .slice(0, 22);
}

function signature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`hawl-device:${body}`).digest("base64url");
}

/** A new device cookie value for `email` and its device id. */
export function issueDevice(secret: string, email: string): { value: string; id: string } {
  const id = randomBytes(16).toString("base64url");
  const body = `${version}.${accountTag(email)}.${id}`;
  return { value: `${body}.${signature(secret, body)}`, id };
}

/** The Set-Cookie header for a device cookie value (sent back to the auth routes only: the
 * password and the second factor's code are guessed at different paths, decision 071). */
export function deviceCookieHeader(value: string, https: boolean): string {
  const secure = https ? "; Secure" : "";
  return `${deviceCookieName(https)}=${value}; Max-Age=${deviceCookieMaxAgeSeconds}; Path=/api/auth; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * The device id when the request's Cookie header holds a valid device cookie of this account,
 * else null (no cookie, another account's, tampered, or signed with another secret).
 */
export function trustedDeviceId(
  cookieHeader: string | null,
  https: boolean,
  secret: string,
  email: string,
): string | null {
  if (!cookieHeader) return null;
  const name = deviceCookieName(https);
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    const pieces = value.split(".");
    if (pieces.length !== 4 || pieces[0] !== version) continue;
    const [, tag, id, mac] = pieces as [string, string, string, string];
    const expected = Buffer.from(signature(secret, `${version}.${tag}.${id}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    if (tag !== accountTag(email) || !/^[A-Za-z0-9_-]{22}$/.test(id)) continue;
    return id;
  }
  return null;
}
