import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { languages } from "../../../domain/language.ts";
import { createdAt, uuidPrimaryKey } from "./columns.ts";
import { workspaceRef, userRef } from "./foreign-keys.ts";

// ---- Calendar feeds (issue 15, decision 016).

// A secret iCalendar URL of a workspace's milestones. The token (32 random bytes, base64url in
// the URL) is never stored: only its SHA-256, as with invitations. A feed serves only while its
// creator is still a member of the workspace, and counts as one calendar integration of the
// creator's plan while it does; revoking deletes the row. `language` is the creator's at
// creation: titles and descriptions are written in it (the server keeps no per-user language).
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuidPrimaryKey(),
    workspaceId: workspaceRef(),
    createdBy: userRef("created_by"),
    /** hex SHA-256 of the token as the URL carries it */
    tokenHash: text("token_hash").notNull(),
    language: text("language", { enum: languages }).notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_uq").on(t.tokenHash),
    index("calendar_feeds_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("calendar_feeds_created_by_idx").on(t.createdBy),
  ],
);
