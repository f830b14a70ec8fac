import { text, uuid } from "drizzle-orm/pg-core";
import { user } from "./identity.ts";
import { workspaces } from "./workspaces.ts";

// identity.ts and workspaces.ts, whose tables these reference, write their own references out
// (an import cycle otherwise).

/** The workspace a row belongs to: required, and the row goes with the workspace. */
export function workspaceRef() {
  return uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
}

/** An account a row belongs to: required, and the row goes with the account. */
export function userRef(name: string) {
  return text(name)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
}
