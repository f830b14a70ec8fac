import { createHash, randomBytes } from "node:crypto";
import type { CalendarFeedDto } from "../../contracts/calendar-feeds.ts";
import type { SignInFailureLimit } from "../auth/sign-in-failures.ts";
import type {
  CalendarFeedListRow,
  FeedWindow,
  ServingFeed,
} from "../db/repositories/calendar-feeds.ts";
import { AppError } from "../errors.ts";

// Shared by the calendar feed use cases (decision 016).

/** 32 random bytes, base64url (43 characters): the secret of a feed's URL. */
export function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: its hex SHA-256, as for invitation tokens. */
export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The feed's address: API.md's GET /api/workspaces/:ws/calendar.ics?token=… */
export function feedUrls(baseUrl: string, workspaceId: string, token: string) {
  const url = new URL(`/api/workspaces/${workspaceId}/calendar.ics`, baseUrl);
  url.searchParams.set("token", token);
  return { url: url.href, webcalUrl: url.href.replace(/^https?:/, "webcal:") };
}

export function toCalendarFeedDto(
  row: CalendarFeedListRow,
  viewer: { userId: string; isOwner: boolean },
): CalendarFeedDto {
  const createdByMe = row.createdBy === viewer.userId;
  return {
    id: row.id,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.creatorName,
    createdByMe,
    canRevoke: createdByMe || viewer.isOwner,
  };
}

export const feedNotFound = () => new AppError("NOT_FOUND", "Calendar feed not found.");

/**
 * The days a feed carries (decision 044): the last 2 years and the next 3, from the server's
 * UTC day. Older and later milestones stay in the app; the cost of a feed is bounded by time.
 */
export function feedWindow(now: Date): FeedWindow {
  const day = (years: number, days = 0) =>
    new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days))
      .toISOString()
      .slice(0, 10);
  return { from: day(-2), to: day(3, 1) };
}

/** Bumped when the feed's text changes for the same rows (a new field, other words). */
const feedFormat = "2";

/**
 * The feed's strong ETag: a digest of everything its text depends on (the rows' version, the
 * window, language, workspace name, host), so it is known before, and without, rendering.
 */
export function feedEtag(feed: ServingFeed, window: FeedWindow, host: string): string {
  const key = [feedFormat, host, feed.id, feed.language, feed.workspaceName, feed.version];
  key.push(window.from, window.to);
  return `"${createHash("sha256").update(JSON.stringify(key)).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Fetches per feed (decision 044): calendar apps fetch every few hours, a phone and a laptop
 * subscribed to one link a few times more; a loop gets 429 RATE_LIMITED after the burst. Counted
 * in the database (sign-in-failures.ts's table and window), so several instances share it.
 */
export const feedFetchLimit: SignInFailureLimit = { max: 20, windowSeconds: 15 * 60 };

export const feedFetchKey = (feedId: string) => `calendar-feed:${feedId}`;
