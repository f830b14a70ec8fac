import { lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimit, session, verification } from "../db/schema.ts";

// Better Auth writes these rows and reads them back only for the same key, session or token:
// a counter of an address that never comes back, a session never used again and a link never
// followed would stay forever. Run daily by the background job.

/** Per-address counters older than this are past every auth limit's window. */
export const rateLimitRowLifetimeMs = 24 * 60 * 60 * 1000;

export interface PruneOutcome {
  rateLimits: number;
  sessions: number;
  verifications: number;
}

export async function pruneExpiredRecords(db: Db, now: Date): Promise<PruneOutcome> {
  return db.transaction(async (tx) => {
    const rateLimits = await tx
      .delete(rateLimit)
      .where(lt(rateLimit.lastRequest, now.getTime() - rateLimitRowLifetimeMs))
      .returning({ id: rateLimit.id });
    const sessions = await tx
      .delete(session)
      .where(lt(session.expiresAt, now))
      .returning({ id: session.id });
    const verifications = await tx
      .delete(verification)
      .where(lt(verification.expiresAt, now))
      .returning({ id: verification.id });
    return {
      rateLimits: rateLimits.length,
      sessions: sessions.length,
      verifications: verifications.length,
    };
  });
}
