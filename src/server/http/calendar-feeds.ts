import type { Context, MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/calendar-feeds.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import { createCalendarFeed } from "../services/create-calendar-feed.ts";
import { listWorkspaceCalendarFeeds } from "../services/list-calendar-feeds.ts";
import type { SignInFailureLimit } from "../auth/sign-in-failures.ts";
import type { FeedBody } from "../services/calendar-feed-cache.ts";
import { serveCalendarFeed } from "../services/serve-calendar-feed.ts";
import {
  compressBytes,
  compressionThreshold,
  negotiateEncoding,
  type Encoding,
} from "./encoding.ts";
import { revokeCalendarFeed } from "../services/revoke-calendar-feed.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";
import { workspaceMember, workspaceScope } from "./workspace-guards.ts";

/**
 * The encoding of a feed's answer, as compressAnswers (encoding.ts) would choose it; the
 * feed compresses its own, once per version, rather than once per fetch.
 */
function feedEncoding(c: Context<AppEnv>, text: string): Encoding | null {
  if (text.length <= compressionThreshold) return null;
  const site = c.req.header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return null;
  return negotiateEncoding(c.req.header("accept-encoding"));
}

function compressedOnce(body: FeedBody, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  let bytes = body.variants.get(encoding);
  if (!bytes) {
    bytes = compressBytes(new TextEncoder().encode(body.text), encoding, "fast");
    body.variants.set(encoding, bytes);
    // a failure is not kept: the next fetch compresses again
    bytes.catch(() => body.variants.delete(encoding));
  }
  return bytes;
}

/**
 * Calendar feeds (API.md "calendar-feeds", decision 016): /api/workspaces/{ws}/calendar-feeds
 * for members (the membership is checked before a body is read), and the feed itself,
 * /api/workspaces/{ws}/calendar.ics?token=…, which needs no session: calendar apps fetch it
 * (GET and HEAD, with an ETag; decision 044). Bound to contracts/endpoints/calendar-feeds.ts;
 * mount at "/".
 */
export function calendarFeedRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  baseUrl: string;
  defaultPlan?: PlanId;
  /** fetches per feed (tests of the limit lower it) */
  feedFetchLimit?: SignInFailureLimit;
  now?: () => Date;
}) {
  const { db, requireSession, baseUrl, defaultPlan } = deps;
  const member = workspaceMember(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return (
    router({ requireSession })
      .on(api.listCalendarFeeds, async (c) => c.json(await listWorkspaceCalendarFeeds(scope(c))))
      .on(api.createCalendarFeed, { guards: [member] }, async (c, { body }) => {
        const language = body.language ?? detectLanguage(c.req.raw.headers);
        return c.json(
          await createCalendarFeed({ ...scope(c), language, baseUrl, defaultPlan }),
          201,
        );
      })
      .on(api.revokeCalendarFeed, async (c, { params }) => {
        await revokeCalendarFeed({ ...scope(c), id: params.id });
        return c.body(null, 204);
      })
      // a missing token is just another wrong one: the same lookup, the same 404
      .on(api.calendarFeed, { rawQuery: true }, async (c, { params }) => {
        // Hono answers HEAD with the GET route, the method still HEAD
        const answer = await serveCalendarFeed({
          db,
          workspaceId: params.ws,
          token: c.req.query("token") ?? "",
          baseUrl,
          ifNoneMatch: c.req.header("if-none-match"),
          head: c.req.method === "HEAD",
          limit: deps.feedFetchLimit,
          now: deps.now?.(),
        });
        const headers = {
          ETag: answer.etag,
          // the URL is a secret: no shared cache; a calendar app may keep it and ask again
          // with If-None-Match
          "Cache-Control": "private, no-cache",
          "X-Robots-Tag": "noindex",
        };
        if (answer.status === 304) return c.body(null, 304, headers);
        const feedHeaders = {
          ...headers,
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": 'inline; filename="hawl.ics"',
        };
        if (answer.body === null) return c.body(null, 200, feedHeaders);
        const encoding = feedEncoding(c, answer.body.text);
        if (!encoding) return c.body(answer.body.text, 200, feedHeaders);
        const bytes = await compressedOnce(answer.body, encoding);
        return c.body(bytes, 200, {
          ...feedHeaders,
          "Content-Encoding": encoding,
          "Content-Length": String(bytes.byteLength),
          // a strong validator names one representation: weak for the encoded one
          ETag: `W/${answer.etag}`,
          Vary: "Accept-Encoding",
        });
      }).app
  );
}
