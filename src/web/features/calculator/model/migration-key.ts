import { readKey } from "~/features/auth/lib/storage-keys";

// Apart from model/migration.ts (and what it imports) so that a signed-in page can tell whether a
// guest calculation waits for the account without loading the migration itself (issue 12).

export const PENDING_MIGRATION_KEY = "pending_calculation_migration";

/** Whether this browser holds a guest calculation waiting for the account. */
export function hasPendingMigration(): boolean {
  return readKey(PENDING_MIGRATION_KEY) !== null;
}
