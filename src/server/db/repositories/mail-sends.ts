import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { mailSends } from "../schema.ts";
import type { Tx } from "./executor.ts";

/** Orders the sends to one recipient (its key) until the transaction ends, on every instance. */
export async function lockMailRecipient(tx: Tx, recipient: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`hawl.mail:${recipient}`}, 0))`,
  );
}

/** The send times to `recipient` since `since`, oldest first. */
export async function mailSendsSince(tx: Tx, recipient: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ sentAt: mailSends.sentAt })
    .from(mailSends)
    .where(and(eq(mailSends.recipient, recipient), gte(mailSends.sentAt, since)))
    .orderBy(asc(mailSends.sentAt));
  return rows.map((r) => r.sentAt);
}

/** Records one send, and drops every row older than `prunedBefore` (no longer counted). */
export async function recordMailSend(
  tx: Tx,
  values: { recipient: string; sentAt: Date; prunedBefore: Date },
): Promise<void> {
  await tx.delete(mailSends).where(lt(mailSends.sentAt, values.prunedBefore));
  await tx.insert(mailSends).values({ recipient: values.recipient, sentAt: values.sentAt });
}
