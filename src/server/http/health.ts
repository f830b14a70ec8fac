import { liveness, readiness } from "../../contracts/endpoints/meta.ts";
import type { HealthResponse } from "../../contracts/health.ts";
import type { Database } from "../db/client.ts";
import { router } from "./route.ts";

const noStore = { "Cache-Control": "no-store" };

/** /healthz: the process answers. /readyz: the database answers too (load balancers). */
export function healthRoutes(database: Database) {
  return router()
    .on(liveness, (c) => c.json({ ok: true } satisfies HealthResponse, 200, noStore))
    .on(readiness, async (c) =>
      (await database.ping())
        ? c.json({ ok: true } satisfies HealthResponse, 200, noStore)
        : c.json({ ok: false } satisfies HealthResponse, 503, noStore),
    ).app;
}
