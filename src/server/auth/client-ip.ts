import type { Context } from "hono";

/**
 * The request header through which authRoutes hands Better Auth the client address (its
 * `advanced.ipAddress.ipAddressHeaders`). Whatever a client sends under this name is replaced.
 */
export const clientIpHeader = "x-hawl-client-ip";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The client's address. Behind a reverse proxy (TRUST_PROXY) it is the last X-Forwarded-For
 * entry, the one our proxy appended (earlier entries are whatever the client sent);
 * otherwise the socket's peer (@hono/node-server puts the Node request in c.env.incoming).
 * Without either, as in app.request() tests, "unknown": one shared bucket per path.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  const env = c.env as NodeBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}
