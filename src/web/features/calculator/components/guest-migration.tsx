import { useGuestMigration } from "../hooks/use-guest-migration";

/** Runs the guest calculation's migration (hooks/use-guest-migration.ts); shows nothing. */
export default function GuestMigration() {
  useGuestMigration();
  return null;
}
