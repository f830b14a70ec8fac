import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

// Function declarations (not arrow constants): schema files import each other in a cycle, and a
// hoisted function is callable before this module has finished evaluating.

/** A timestamp with time zone, read as a Date: every time column of the schema. */
export function ts(name: string) {
  return timestamp(name, { withTimezone: true, mode: "date" });
}

/** When the row was made. */
export function createdAt() {
  return ts("created_at").notNull().defaultNow();
}

/** When the row last changed (its writers set it). */
export function updatedAt() {
  return ts("updated_at").notNull().defaultNow();
}

/** A random UUID primary key chosen by the database. */
export function uuidPrimaryKey() {
  return uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);
}
