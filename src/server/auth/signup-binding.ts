import { createHash } from "node:crypto";

// Decision 012 (pre-account takeover): the verification link signs in only the browser that
// signed up. Sign-up sets a signed, HttpOnly cookie holding a hash of the new account's id;
// GET /api/auth/verify-email signs in when that cookie names the verified account, and
// otherwise only verifies and sends the person to /verify-email?verified=1 ("sign in or reset").

/** Better Auth's cookie name suffix: the cookie is `hawl.signup_binding` (`__Secure-` on https). */
export const signupBindingCookie = "signup_binding";

/** The query parameter /verify-email reads: the address is verified, sign in (or reset). */
export const verifiedSignInState = "verified";

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
