import { index, pgTable, text } from "drizzle-orm/pg-core";
import { ts, uuidPrimaryKey } from "./columns.ts";

// ---- Mail sent to one address (issue 28, decision 049).

// One row per password-reset, verification or invitation e-mail queued, so that every instance
// counts the same sends of the last hour to an address. `recipient` is the SHA-256 of the
// lower-cased address, never the address; rows older than the window are deleted as new ones
// are written.
export const mailSends = pgTable(
  "mail_sends",
  {
    id: uuidPrimaryKey(),
    recipient: text("recipient").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [
    index("mail_sends_recipient_sent_at_idx").on(t.recipient, t.sentAt),
    index("mail_sends_sent_at_idx").on(t.sentAt),
  ],
);
