import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles, workspaceMembers, workspaces } from "../db/schema.ts";

import type { Language as AccountLanguage } from "../../domain/language.ts";

const personalWorkspaceName: Record<AccountLanguage, string> = {
  en: "Personal",
  fr: "Personnel",
  nl: "Persoonlijk",
  ar: "شخصي",
  tr: "Kişisel",
};

export interface ProvisionNewAccountInput {
  userId: string;
  /** the name given at sign-up; blank is stored as null */
  fullName?: string | null;
  /** names the personal workspace */
  language?: AccountLanguage;
}

export interface ProvisionNewAccountResult {
  /** false when the account had been provisioned already (nothing was written) */
  created: boolean;
  workspaceId: string | null;
}

/**
 * A new account's profile and personal workspace (the caller is its owner), in one
 * transaction. Idempotent: the profile row is the marker, so a second call, a retry or a
 * concurrent call writes nothing, and a workspace the person deleted later is never recreated.
 */
export async function provisionNewAccount(
  db: Db,
  input: ProvisionNewAccountInput,
): Promise<ProvisionNewAccountResult> {
  const fullName = input.fullName?.trim() ? input.fullName.trim() : null;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profiles)
      .values({ id: input.userId, fullName })
      .onConflictDoNothing({ target: profiles.id })
      .returning({ id: profiles.id });
    if (inserted.length === 0) return { created: false, workspaceId: null };
    const [workspace] = await tx
      .insert(workspaces)
      .values({ name: personalWorkspaceName[input.language ?? "en"], createdBy: input.userId })
      .returning({ id: workspaces.id });
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: workspace!.id, userId: input.userId, role: "owner" });
    return { created: true, workspaceId: workspace!.id };
  });
}

/** true when the account has its profile (provisioning ran to the end) */
export async function isAccountProvisioned(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows.length > 0;
}
