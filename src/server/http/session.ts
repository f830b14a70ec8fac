import type { MiddlewareHandler } from "hono";
import type { AppEnv, SessionUser } from "./context.ts";
import { AppError } from "../errors.ts";

/**
 * How the app learns who is calling: Better Auth in production (getSessionUser), anything with
 * the same shape in tests. It must throw (not return null) when the database cannot answer, so
 * that an outage is a 503 and never a 401.
 */
export type SessionResolver = (
  headers: Headers,
  /** receives each Set-Cookie the lookup wants sent (a re-signed session cookie) */
  setCookie?: (cookie: string) => void,
) => Promise<SessionUser | null>;

/**
 * 401 UNAUTHENTICATED without a valid session; otherwise `user` and `userId` are set. A session
 * of an account whose e-mail is not verified is not a valid one (API.md: sign-in requires a
 * verified e-mail; Better Auth never opens one, this holds if a session exists all the same).
 */
export function requireSession(resolve: SessionResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await resolve(c.req.raw.headers, (cookie) =>
      c.header("Set-Cookie", cookie, { append: true }),
    );
    if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    if (!user.emailVerified) {
      throw new AppError("UNAUTHENTICATED", "Verify your e-mail address, then sign in.");
    }
    c.set("user", user);
    c.set("userId", user.id);
    await next();
  };
}
