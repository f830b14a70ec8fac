import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "pino";

/** The signed-in user as the session lookup reports it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * Hono's typing for this app. Bindings come from @hono/node-server in production (the raw
 * Node request, whose socket gives the peer address); they are absent under app.request().
 */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    /** pino child logger carrying the request id */
    log: Logger;
    /** set by requireSession */
    user: SessionUser;
    userId: string;
  };
};
