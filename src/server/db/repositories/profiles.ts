import { eq, sql } from "drizzle-orm";
import { profiles, user } from "../schema.ts";
import type { Executor } from "./executor.ts";

export type ProfileRow = typeof profiles.$inferSelect;

export interface UserWithProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  profile: ProfileRow | null;
}

/** The select of UserWithProfile, for a `where` on `user.id` (findMe prepares it). */
export function selectUserWithProfile(db: Executor) {
  return db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      profile: profiles,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id));
}

export async function findUserWithProfile(
  db: Executor,
  userId: string,
): Promise<UserWithProfile | null> {
  const [row] = await selectUserWithProfile(db).where(eq(user.id, userId));
  return row ?? null;
}

/** Changes the given fields (undefined: unchanged) and bumps updated_at. */
export async function updateProfile(
  db: Executor,
  values: { userId: string; fullName?: string | null; avatarUrl?: string | null },
): Promise<void> {
  await db
    .update(profiles)
    .set({
      ...(values.fullName !== undefined ? { fullName: values.fullName } : {}),
      ...(values.avatarUrl !== undefined ? { avatarUrl: values.avatarUrl } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, values.userId));
}
