import { createHmac, timingSafeEqual } from "node:crypto";

// The one-click unsubscribe link of reminder e-mails (issue 15, RFC 8058) works without
// signing in: its token names the person and is signed with a key derived from the server's
// secret, so nobody makes one for another person. It does not expire (an old e-mail's link
// still stops the next one); it only ever turns reminder e-mails off.

const purpose = "hawl unsubscribe v1";

function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

function signatureOf(secret: string, userId: string): Buffer {
  return createHmac("sha256", keyOf(secret)).update(userId).digest();
}

/** "<user id, base64url>.<HMAC-SHA256, base64url>" */
export function unsubscribeToken(secret: string, userId: string): string {
  const id = Buffer.from(userId, "utf8").toString("base64url");
  return `${id}.${signatureOf(secret, userId).toString("base64url")}`;
}

/** The person the token names, or null for anything not signed by this server. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split(".");
  if (!id || !signature || rest.length > 0) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  if (userId.length === 0 || Buffer.from(userId, "utf8").toString("base64url") !== id) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(secret, userId);
  if (given.length !== expected.length || given.toString("base64url") !== signature) return null;
  return timingSafeEqual(given, expected) ? userId : null;
}
