import { createHash } from "node:crypto";
import type { Tx } from "../db/repositories/executor.ts";
import {
  lockMailRecipient,
  mailSendsSince,
  recordMailSend,
} from "../db/repositories/mail-sends.ts";

// Password-reset, verification and invitation e-mails share one cap per address (decision 049),
// so that no one can flood an inbox through Hawl; it is counted in the database (`mail_sends`)
// so that every instance sees the same sends.

export interface RecipientMailLimits {
  /** e-mails per address within the window */
  perRecipient: number;
  windowSeconds: number;
}

export const recipientMailLimits: RecipientMailLimits = { perRecipient: 5, windowSeconds: 3600 };

/** What `mail_sends` keeps of an address: the SHA-256 of it, trimmed and lower-cased. */
export function recipientKey(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex");
}

/**
 * Takes one of the address's e-mails of the window inside `tx` (so it counts only if `tx`
 * commits): null when taken, else the seconds until the oldest send of the window leaves it.
 * Under an advisory lock on the address, so concurrent requests on any instance count exactly.
 */
export async function takeRecipientSlot(
  tx: Tx,
  options: { to: string; now: Date; limits?: RecipientMailLimits },
): Promise<number | null> {
  const { perRecipient, windowSeconds } = options.limits ?? recipientMailLimits;
  const windowMs = windowSeconds * 1000;
  const recipient = recipientKey(options.to);
  await lockMailRecipient(tx, recipient);
  // a send exactly one window old no longer counts
  const since = new Date(options.now.getTime() - windowMs + 1);
  const sends = await mailSendsSince(tx, recipient, since);
  if (sends.length >= perRecipient) {
    const freeing = sends[sends.length - perRecipient]?.getTime() ?? options.now.getTime();
    return Math.max(1, Math.ceil((freeing + windowMs - options.now.getTime()) / 1000));
  }
  await recordMailSend(tx, { recipient, sentAt: options.now, prunedBefore: since });
  return null;
}
