import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  calendarFeeds,
  milestones,
  profiles,
  user,
  workspaceMembers,
  workspaces,
} from "../schema.ts";
import type { Language } from "../../../domain/language.ts";
import type { Executor, Tx } from "./executor.ts";
import { ofTimeline } from "./tracker.ts";

// Calendar feeds (decision 016). A feed serves, and counts against its creator's plan, only
// while the creator is still a member of the workspace: the join on workspace_members says so.

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
export type CalendarFeedListRow = CalendarFeedRow & { creatorName: string | null };

/** A person's name as members see it: the profile's full name, else the account's name. */
const displayName = sql<
  string | null
>`coalesce(nullif(trim(${profiles.fullName}), ''), nullif(trim(${user.name}), ''))`;

const creatorIsMember = and(
  eq(workspaceMembers.workspaceId, calendarFeeds.workspaceId),
  eq(workspaceMembers.userId, calendarFeeds.createdBy),
);

export async function insertCalendarFeed(
  tx: Tx,
  values: Pick<CalendarFeedRow, "workspaceId" | "createdBy" | "tokenHash" | "language">,
): Promise<CalendarFeedRow> {
  const [row] = await tx.insert(calendarFeeds).values(values).returning();
  return row!;
}

/** The creator's live feeds, all workspaces together: their calendar integrations. */
export async function countLiveFeedsOf(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(calendarFeeds)
    .innerJoin(workspaceMembers, creatorIsMember)
    .where(eq(calendarFeeds.createdBy, userId));
  return row?.n ?? 0;
}

/** The workspace's live feeds, newest first, with their creator's name. */
export async function listCalendarFeeds(
  db: Executor,
  workspaceId: string,
): Promise<CalendarFeedListRow[]> {
  const rows = await db
    .select({ feed: calendarFeeds, creatorName: displayName })
    .from(calendarFeeds)
    .innerJoin(workspaceMembers, creatorIsMember)
    .innerJoin(user, eq(user.id, calendarFeeds.createdBy))
    .leftJoin(profiles, eq(profiles.id, calendarFeeds.createdBy))
    .where(eq(calendarFeeds.workspaceId, workspaceId))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
  return rows.map((r) => ({ ...r.feed, creatorName: r.creatorName }));
}

export async function findCalendarFeed(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<CalendarFeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.id, id)));
  return row ?? null;
}

export async function deleteCalendarFeed(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.id, id)));
}

export async function displayNameOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: displayName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row?.name ?? null;
}

/** The days a feed carries: from `from` (included) to `to` (excluded), "YYYY-MM-DD". */
export interface FeedWindow {
  from: string;
  to: string;
}

const inWindow = (window: FeedWindow) =>
  and(sql`${milestones.date} >= ${window.from}`, sql`${milestones.date} < ${window.to}`);

export interface ServingFeed {
  id: string;
  workspaceId: string;
  workspaceName: string;
  language: Language;
  /**
   * What the feed's text depends on in the database, as one opaque string: the workspace's
   * tracker revision and visible generation, and the count, revisions and latest change of the
   * milestones in the window (the trigger bumps the last two on any update, whichever code path
   * wrote). Equal strings, equal feeds.
   */
  version: string;
}

/**
 * The live feed a token hash opens, with its workspace's name and the version of what it
 * shows in `window` (one statement); null for any other hash.
 */
export async function findServingFeed(
  db: Executor,
  tokenHash: string,
  window: FeedWindow,
): Promise<ServingFeed | null> {
  const [row] = await db
    .select({
      id: calendarFeeds.id,
      workspaceId: calendarFeeds.workspaceId,
      workspaceName: workspaces.name,
      language: calendarFeeds.language,
      version: sql<string>`${workspaces.trackerRevision} || '/' || ${workspaces.milestoneGeneration}
        || '/' || (select count(*) || '/' || coalesce(sum(${milestones.revision}), 0) || '/'
          || coalesce(max(coalesce(${milestones.updatedAt}, ${milestones.createdAt}))::text, '')
        from ${milestones}
        where ${milestones.workspaceId} = ${calendarFeeds.workspaceId}
          and ${milestones.generation} = ${workspaces.milestoneGeneration}
          and ${inWindow(window)})`,
    })
    .from(calendarFeeds)
    .innerJoin(workspaceMembers, creatorIsMember)
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

/** What the feed shows of each milestone in the window, by date. */
export async function feedMilestones(db: Executor, workspaceId: string, window: FeedWindow) {
  return db
    .select({
      id: milestones.id,
      date: milestones.date,
      title: milestones.title,
      type: milestones.type,
      completed: milestones.completed,
      endDate: milestones.endDate,
      titleCode: milestones.titleCode,
      titleParams: milestones.titleParams,
      revision: milestones.revision,
      changedAt: sql<Date>`coalesce(${milestones.updatedAt}, ${milestones.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(milestones)
    .where(and(ofTimeline(workspaceId), inWindow(window)))
    .orderBy(asc(milestones.date), asc(milestones.id));
}

export type FeedMilestone = Awaited<ReturnType<typeof feedMilestones>>[number];
