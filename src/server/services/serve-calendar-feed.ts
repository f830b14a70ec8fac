import {
  recordSignInFailure,
  signInBlockedFor,
  type SignInFailureLimit,
} from "../auth/sign-in-failures.ts";
import type { Db } from "../db/client.ts";
import { findServingFeed } from "../db/repositories/calendar-feeds.ts";
import { AppError } from "../errors.ts";
import { feedTextCache, type FeedBody } from "./calendar-feed-cache.ts";
import {
  etagMatches,
  feedEtag,
  feedFetchKey,
  feedFetchLimit,
  feedNotFound,
  feedWindow,
  hashFeedToken,
} from "./calendar-feed-records.ts";
import { renderCalendarFeed } from "./render-calendar-feed.ts";

export type FeedAnswer =
  | { status: 304; etag: string }
  /** body null: a HEAD, answered without rendering */
  | { status: 200; etag: string; body: FeedBody | null };

/**
 * GET and HEAD /api/workspaces/:ws/calendar.ics?token=… (no session: the token is the key;
 * decisions 016 and 044). A token of no live feed, or of another workspace, gets the same 404
 * after the same single lookup by hash, so the answer tells nothing about which it was. The
 * lookup also reads the feed's version, hence its ETag: a fetch counts against the feed's rate
 * limit, then an If-None-Match naming that ETag gets 304 and a HEAD its headers, neither
 * rendering anything; a GET gets the text rendered once per version (calendar-feed-cache.ts).
 */
export async function serveCalendarFeed(options: {
  db: Db;
  workspaceId: string;
  token: string;
  baseUrl: string;
  ifNoneMatch?: string;
  head: boolean;
  limit?: SignInFailureLimit;
  now?: Date;
}): Promise<FeedAnswer> {
  const { db } = options;
  const now = options.now ?? new Date();
  const window = feedWindow(now);
  const feed = await findServingFeed(db, hashFeedToken(options.token), window);
  if (!feed || feed.workspaceId !== options.workspaceId.toLowerCase()) throw feedNotFound();

  const limit = options.limit ?? feedFetchLimit;
  if ((await recordSignInFailure(db, feedFetchKey(feed.id), limit, now)) > limit.max) {
    const retryAfter = await signInBlockedFor(db, feedFetchKey(feed.id), limit, now);
    throw new AppError("RATE_LIMITED", "Too many fetches of this calendar feed. Try again later.", {
      headers: { "Retry-After": String(retryAfter ?? 1) },
    });
  }

  const host = new URL(options.baseUrl).host;
  const etag = feedEtag(feed, window, host);
  if (etagMatches(options.ifNoneMatch, etag)) return { status: 304, etag };
  if (options.head) return { status: 200, etag, body: null };
  const body = await feedTextCache.get(feed.id, etag, () =>
    renderCalendarFeed({ db, feed, window, baseUrl: options.baseUrl }),
  );
  return { status: 200, etag, body };
}
