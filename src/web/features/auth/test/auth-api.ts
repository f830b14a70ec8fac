import type { MeResponse } from "#contracts/me.ts";
import { apiCalls, route, serve } from "~/test/msw";

// Better Auth's session routes as MSW handlers checked against the contract
// (src/contracts/endpoints/auth.ts): signed in or out, flipped by sign-in and sign-out.

export const authUser = {
  id: "u1",
  email: "amina@example.com",
  name: "Amina",
  emailVerified: true,
};

export function serveAuth(initiallySignedIn: boolean) {
  let signedIn = initiallySignedIn;
  serve(
    route("get", "/api/auth/get-session", () =>
      Response.json(
        signedIn
          ? {
              user: authUser,
              session: { id: "s1", userId: authUser.id, expiresAt: "2030-01-01T00:00:00.000Z" },
            }
          : null,
      ),
    ),
    route("post", "/api/auth/sign-in/email", () => {
      signedIn = true;
      return Response.json({ user: authUser });
    }),
    route("post", "/api/auth/sign-out", () => {
      signedIn = false;
      return Response.json({ success: true });
    }),
  );
  return {
    isSignedIn: () => signedIn,
    /** the session ends on the server (it expired, or was revoked elsewhere) */
    expire: () => {
      signedIn = false;
    },
    /** how many times the session was read */
    sessionReads: () => apiCalls().filter((c) => c.path === "/api/auth/get-session").length,
  };
}

/** GET /api/me's answer for u1 on `plan`. */
export const meAnswer = (plan: MeResponse["plan"] = "free"): MeResponse => ({
  user: { id: "u1", email: "a@example.org", emailVerified: true },
  profile: {
    fullName: null,
    avatarUrl: null,
    role: "user",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  plan,
});
