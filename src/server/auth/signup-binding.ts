import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Decision 012 (pre-account takeover): the verification link signs in only the browser that
// signed up. Sign-up sets a signed, HttpOnly cookie holding a hash of the new account's id;
// GET /api/auth/verify-email signs in when that cookie names the verified account, and
// otherwise only verifies and sends the person to /verify-email?verified=1 ("sign in or reset").

/** Better Auth's cookie name suffix: the cookie is `hawl.signup_binding` (`__Secure-` on https). */
export const signupBindingCookie = "signup_binding";

/** The query parameter /verify-email reads: the address is verified, sign in (or reset). */
export const verifiedSignInState = "verified";

/** The value of `verified` on /verify-email when the link's address was verified before. */
export const alreadyVerifiedState = "already";

/** What the cookie holds for an account (signed with BETTER_AUTH_SECRET by Better Auth). */
export function signupBindingValue(userId: string): string {
  return createHash("sha256").update(`hawl-signup-binding:${userId}`).digest("base64url");
}

/**
 * The address a verification token (a JWT Better Auth signed) is for, read without checking
 * the signature: only call it after Better Auth accepted the token. null for an e-mail
 * change token or anything unreadable.
 */
export function verifiedAddressOf(token: unknown): string | null {
  if (typeof token !== "string") return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!parsed || typeof parsed !== "object") return null;
    const { email, updateTo } = parsed as { email?: unknown; updateTo?: unknown };
    if (updateTo !== undefined) return null;
    return typeof email === "string" ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The address of a verification token whose signature (HS256 with `secret`, as Better Auth
 * makes them) holds, expired or not: only the recipient of the e-mail has it, so telling them
 * the address is already verified reveals nothing to anyone else. null for anything else,
 * e-mail change tokens included.
 */
export function signedVerificationAddress(token: unknown, secret: string): string | null {
  if (typeof token !== "string") return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head: unknown = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
    if (!head || typeof head !== "object" || (head as { alg?: unknown }).alg !== "HS256") {
      return null;
    }
  } catch {
    return null;
  }
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return verifiedAddressOf(token);
}
