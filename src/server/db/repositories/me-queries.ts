import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { profiles, user } from "../schema.ts";
import type { UserWithProfile } from "./profiles.ts";

// GET /api/me's read (issue 13): the account with its profile (the plan included) in one
// prepared statement, built once per database and parsed once per PostgreSQL connection.

function prepare(db: Db) {
  return db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      profile: profiles,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare("hawl_me");
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

/** Like findUserWithProfile, through the prepared statement (outside transactions). */
export async function findMe(db: Db, userId: string): Promise<UserWithProfile | null> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepare(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row ?? null;
}
