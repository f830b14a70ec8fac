import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { expireCookie, setSessionCookie } from "better-auth/cookies";
import type { AppDeps } from "../deps.ts";
import { isAccountProvisioned, provisionNewAccount } from "../services/provision-new-account.ts";
import { detectLanguage } from "./language.ts";
import { passwordProblem, passwordProblemMessages } from "./password.ts";
import { checkedUserFields, userWritingPaths } from "./user-fields.ts";
import {
  afterSignOutEverywhere,
  beforeSignOutEverywhere,
  passwordlessLanding,
  unprovenPasswordLanding,
} from "./account-lifecycle-hooks.ts";
import { replaceUnverifiedAccount } from "./unverified-accounts.ts";
import { secondFactorHooks, type SecondFactorHookOptions } from "./second-factor-hooks.ts";
import {
  alreadyVerifiedState,
  signedVerificationAddress,
  signupBindingCookie,
  signupBindingValue,
  verifiedAddressOf,
  verifiedSignInState,
} from "./signup-binding.ts";

// What Hawl adds around Better Auth's endpoints (auth.ts): our password and name rules before
// sign-up and password changes, and after them the sign-up's browser binding (decision 012),
// the verification link's landing, reset links voided by a changed password, and the
// provisioning of an account that did not finish.

export const verificationLinkHours = 24;

/** Verification requests whose address was already verified before Better Auth ran (issue 11). */
const alreadyVerifiedLinks = new WeakMap<Request, true>();

export function authHooks(
  deps: Pick<AppDeps, "env" | "database" | "now">,
  secondFactors: SecondFactorHookOptions,
) {
  const { env, database } = deps;
  const factors = secondFactorHooks(deps, secondFactors);
  return {
    before: createAuthMiddleware(async (ctx) => {
      await factors.before(ctx);
      if (ctx.path === "/revoke-sessions") await beforeSignOutEverywhere(ctx);
      if (ctx.path === "/sign-up/email") {
        assertAcceptablePassword(ctx.body?.password, [ctx.body?.email, ctx.body?.name]);
      }
      if (userWritingPaths.has(ctx.path)) {
        const body = checkedUserFields(ctx.body);
        // an unverified account of this address gives way to this sign-up (decision 046)
        if (ctx.path === "/sign-up/email" && typeof ctx.body?.email === "string") {
          await replaceUnverifiedAccount(database.db, ctx.body.email);
        }
        // API.md: the name is optional at sign-up; Better Auth requires the field
        if (body && ctx.path === "/sign-up/email") body.name ??= "";
        if (body) return { context: { body } };
      }
      if (ctx.path === "/reset-password") {
        assertAcceptablePassword(ctx.body?.newPassword);
      }
      // A verification link opened again (even after it expired): when its signature holds
      // and its account is verified already, the landing page says so (the after hook).
      if (ctx.path === "/verify-email" && ctx.request) {
        const address = signedVerificationAddress(ctx.query?.token, ctx.context.secret);
        const found = address ? await ctx.context.internalAdapter.findUserByEmail(address) : null;
        if (found?.user.emailVerified) alreadyVerifiedLinks.set(ctx.request, true);
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      await factors.after(ctx);
      const returned: unknown = ctx.context.returned;
      if (
        ctx.path === "/sign-in/email" &&
        returned instanceof APIError &&
        returned.body?.code === "EMAIL_NOT_VERIFIED"
      ) {
        // Better Auth's code stays; its message ("Email not verified") says what to do now.
        throw APIError.from("FORBIDDEN", {
          code: "EMAIL_NOT_VERIFIED",
          message:
            "Please verify your e-mail address before signing in. We have sent you a new verification link: open it, then sign in.",
        });
      }
      // Sign-up: bind the coming verification to this browser (decision 012). A duplicate
      // address gets Better Auth's made-up user, whose id binds nothing.
      if (ctx.path === "/sign-up/email" && returned && !(returned instanceof APIError)) {
        const newUserId = (returned as { user?: { id?: unknown } }).user?.id;
        if (typeof newUserId === "string") {
          const cookie = ctx.context.createAuthCookie(signupBindingCookie, {
            maxAge: verificationLinkHours * 3600,
            path: "/api/auth",
          });
          await ctx.setSignedCookie(
            cookie.name,
            signupBindingValue(newUserId),
            ctx.context.secret,
            cookie.attributes,
          );
        }
      }
      // Verification link: Better Auth verified and redirects (no ?error=). Sign in the
      // browser that signed up; any other one is sent to sign in (or reset) by itself.
      // (ctx.redirect makes better-call's APIError, not Better Auth's subclass)
      if (ctx.path === "/verify-email" && isAPIError(returned)) {
        const location =
          returned.statusCode === 302 ? new Headers(returned.headers).get("location") : null;
        const address = verifiedAddressOf(ctx.query?.token);
        const landing = location ? new URL(location, env.BASE_URL) : null;
        const sameOrigin = landing?.origin === new URL(env.BASE_URL).origin;
        if (landing && ctx.request && alreadyVerifiedLinks.has(ctx.request)) {
          // a valid link of an account whose password was dropped (a mail scanner opened it
          // first, say): its opener chooses one (decision 046)
          if (address && !landing.searchParams.has("error")) {
            const choose = await passwordlessLanding(ctx, database.db, address);
            if (choose) throw ctx.redirect(choose);
          }
          // verified before this request: say so, sign nobody in (an expired link too)
          landing.searchParams.delete("error");
          landing.searchParams.set(verifiedSignInState, alreadyVerifiedState);
          throw ctx.redirect(sameOrigin ? landing.pathname + landing.search : landing.href);
        }
        if (landing && address && !landing.searchParams.has("error")) {
          const found = await ctx.context.internalAdapter.findUserByEmail(address);
          const verifiedUser = found?.user.emailVerified ? found.user : null;
          const cookie = ctx.context.createAuthCookie(signupBindingCookie, { path: "/api/auth" });
          const bound = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          const current = verifiedUser ? await getSessionFromCtx(ctx).catch(() => null) : null;
          if (verifiedUser && current?.user.id === verifiedUser.id) {
            // already signed in as this account: nothing to do
          } else if (verifiedUser && bound === signupBindingValue(verifiedUser.id)) {
            const created = await ctx.context.internalAdapter.createSession(verifiedUser.id);
            await setSessionCookie(ctx, { session: created, user: verifiedUser });
            expireCookie(ctx, cookie);
          } else if (verifiedUser) {
            // this browser did not choose the password: its owner chooses one (decision 046)
            throw ctx.redirect(await unprovenPasswordLanding(ctx, database.db, verifiedUser.id));
          } else {
            landing.searchParams.set(verifiedSignInState, "1");
            throw ctx.redirect(sameOrigin ? landing.pathname + landing.search : landing.href);
          }
        }
      }
      if (ctx.path === "/revoke-sessions") await afterSignOutEverywhere(ctx, database.db);
      // Heal an account whose provisioning did not finish (it is idempotent and cheap).
      const newSession = ctx.context.newSession;
      if (newSession && !(await isAccountProvisioned(database.db, newSession.user.id))) {
        await provisionNewAccount(database.db, {
          userId: newSession.user.id,
          fullName: newSession.user.name,
          language: detectLanguage(ctx.request?.headers ?? ctx.headers, null),
        });
      }
    }),
  };
}

function assertAcceptablePassword(password: unknown, related: unknown[] = []): void {
  if (typeof password !== "string") return; // Better Auth answers the missing field itself
  const known = related.filter((value): value is string => typeof value === "string");
  const problem = passwordProblem(password, known);
  if (problem) {
    throw APIError.from("BAD_REQUEST", {
      code: problem,
      message: passwordProblemMessages[problem],
    });
  }
}
