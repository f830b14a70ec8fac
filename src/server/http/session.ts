import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";

/** The signed-in user as the session lookup reports it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * How the app learns who is calling: Better Auth in production (getSessionUser), anything with
 * the same shape in tests. It must throw (not return null) when the database cannot answer, so
 * that an outage is a 503 and never a 401.
 */
export type SessionResolver = (headers: Headers) => Promise<SessionUser | null>;

/**
 * 401 UNAUTHENTICATED without a valid session; otherwise `user` and `userId` are set. A session
 * of an account whose e-mail is not verified is not a valid one (API.md: sign-in requires a
 * verified e-mail; Better Auth never opens one, this holds if a session exists all the same).
 */
export function requireSession(resolve: SessionResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await resolve(c.req.raw.headers);
    if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    if (!user.emailVerified) {
      throw new AppError("UNAUTHENTICATED", "Verify your e-mail address, then sign in.");
    }
    c.set("user", user);
    c.set("userId", user.id);
    await next();
  };
}
