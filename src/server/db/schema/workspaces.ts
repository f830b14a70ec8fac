import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { planIds } from "../../../domain/plans.ts";
import { workspaceRoles } from "../../../domain/workspaces.ts";
import { user } from "./identity.ts";
import { ts, createdAt, updatedAt, uuidPrimaryKey } from "./columns.ts";

// ---- Hawl's own tables.
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  role: text("role").notNull().default("user"),
  /** the plan bought; null: the instance's DEFAULT_PLAN (free unless configured) */
  plan: text("plan", { enum: planIds }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaces = pgTable("workspaces", {
  id: uuidPrimaryKey(),
  name: text("name").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * Bumped by every write to the workspace's tracker (milestones, records, payments, settings)
   * as it takes the tracker's lock (lockWorkspaceTracker): a sync that read the tracker before
   * its transaction knows, once locked, whether what it read is still current (decision 027).
   */
  trackerRevision: integer("tracker_revision").notNull().default(0),
  /** which generation of milestones is the workspace's timeline (decision 034) */
  milestoneGeneration: integer("milestone_generation").notNull().default(0),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: uuidPrimaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_members_workspace_user_uq").on(t.workspaceId, t.userId),
    index("workspace_members_user_idx").on(t.userId),
  ],
);

// The last prices fetched from the price feed, one row per currency (GET /api/prices).
// `provider` is the feed's URL without query or credentials.
