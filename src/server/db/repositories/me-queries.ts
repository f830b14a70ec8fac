import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { user } from "../schema.ts";
import { selectUserWithProfile, type UserWithProfile } from "./profiles.ts";

// GET /api/me's read (issue 13): the account with its profile (the plan included) in one
// prepared statement, built once per database and parsed once per PostgreSQL connection.

function prepare(db: Db) {
  return selectUserWithProfile(db)
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
