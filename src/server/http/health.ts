import { Hono } from "hono";
import type { HealthResponse } from "../../contracts/health.ts";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "./context.ts";

const noStore = { "Cache-Control": "no-store" };

/** /healthz: the process answers. /readyz: the database answers too (load balancers). */
export function healthRoutes(database: Database) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) => c.json({ ok: true } satisfies HealthResponse, 200, noStore))
    .get("/readyz", async (c) =>
      (await database.ping())
        ? c.json({ ok: true } satisfies HealthResponse, 200, noStore)
        : c.json({ ok: false } satisfies HealthResponse, 503, noStore),
    );
}
