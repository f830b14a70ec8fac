import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt } from "./columns.ts";
import { userRef } from "./foreign-keys.ts";

// Better Auth's twoFactor and passkey plugins (decision 071). Property names are the ones
// Better Auth uses; the secret and the backup codes are stored encrypted by Better Auth.

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: userRef("user_id"),
    /** false between "turn on" and the first code that confirms the authenticator */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: userRef("user_id"),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: createdAt(),
    aaguid: text("aaguid"),
    /** set by Hawl after each passkey sign-in (Better Auth keeps only the counter) */
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId)],
);
