import { requestCompiled } from "~/lib/api-client";
import { getSession as getSessionCall } from "~/lib/compiled-calls";

// The session check every page makes (the root's SessionProvider), apart from auth-api.ts: its
// answer is checked by the parser generated from the contract's schema, so a page's first load
// carries no zod (decision 035). Signing in and out load auth-api.ts when asked.

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The current session, or null when signed out. */
export async function getSession() {
  const data = await requestCompiled(getSessionCall);
  return data && data.user ? data : null;
}
