import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { invitationStatuses, workspaceRoles } from "../../../domain/workspaces.ts";
import { user } from "./identity.ts";
import { workspaces } from "./workspaces.ts";
import { ts, createdAt, uuidPrimaryKey } from "./columns.ts";
import { workspaceRef, userRef } from "./foreign-keys.ts";

// ---- Workspace invitations (spec §3 "Workspace invitation", §4, §5; issue 5).

// An invitation by e-mail to join a workspace. The token (32 random bytes, base64url in the
// link) is never stored: only its SHA-256, so a leaked table opens no workspace. Accepting or
// cancelling deletes every invitation of that workspace and e-mail; `expired` is set when an
// acceptance is attempted too late. One pending invitation per workspace and e-mail.
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuidPrimaryKey(),
    workspaceId: workspaceRef(),
    /** lower-cased and trimmed; compared exactly (no +tag or dot folding) */
    email: text("email").notNull(),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    /** hex SHA-256 of the token's 32 bytes */
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token_hash_uq").on(t.tokenHash),
    uniqueIndex("workspace_invitations_one_pending_uq")
      .on(t.workspaceId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index("workspace_invitations_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

// One row per invitation sent (issue 10, decision 009): the rate limit per workspace and per
// inviting owner counts these, so it holds across server instances, and cancelling or accepting
// an invitation (which deletes it) gives nothing back. Rows older than the window are pruned by
// the next invitation of that owner.
export const invitationSends = pgTable(
  "invitation_sends",
  {
    id: uuidPrimaryKey(),
    /** null once the workspace is deleted: the owner's count still holds */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    invitedBy: userRef("invited_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invitation_sends_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("invitation_sends_invited_by_created_idx").on(t.invitedBy, t.createdAt),
  ],
);
