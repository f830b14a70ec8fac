import {
  calendarFeedListSchema,
  calendarFeedQuerySchema,
  createCalendarFeedRequestSchema,
  createdCalendarFeedSchema,
} from "../calendar-feeds.ts";
import { endpoint } from "./types.ts";

// Calendar feeds (API.md "calendar-feeds"; issue 15, decision 016).

export const listCalendarFeeds = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/calendar-feeds",
  summary:
    "The workspace's live calendar feeds, newest first (members). URLs are never shown " +
    "again: only a hash of each token is stored",
  tag: "tracker",
  auth: "session",
  responses: { 200: { description: "Feeds", schema: calendarFeedListSchema } },
  errors: [404],
});

export const createCalendarFeed = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/calendar-feeds",
  summary:
    "Create a secret iCalendar feed of the workspace's milestones (members), its titles " +
    "in `language` (else x-hawl-language, Accept-Language, English). The answer carries " +
    "`url` and `webcalUrl` this once. Each live feed is one calendar integration of the " +
    "creator's plan; beyond it: 403 PLAN_LIMIT_REACHED",
  tag: "tracker",
  auth: "session",
  body: createCalendarFeedRequestSchema,
  responses: { 201: { description: "Created", schema: createdCalendarFeedSchema } },
  errors: [404],
});

export const revokeCalendarFeed = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/calendar-feeds/{id}",
  summary:
    "Revoke a feed (its creator or an owner; others 403 FORBIDDEN): its URL answers 404 at " +
    "once and it no longer counts against the plan",
  tag: "tracker",
  auth: "session",
  responses: { 204: { description: "Revoked" } },
  errors: [404],
});

export const calendarFeed = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/calendar.ics",
  summary:
    "The feed (no session; the token is the key): milestones as all-day events with the " +
    "Hijri date in the description, alarms a week before and on the day of open due " +
    "milestones, of the last 2 years and the next 3. A token of no live feed (wrong, " +
    "revoked, its creator gone from the workspace) or missing: 404 NOT_FOUND, the same " +
    "answer in every case. A strong ETag; If-None-Match naming it: 304; HEAD answers the " +
    "headers without rendering. Above 20 fetches in 15 minutes per feed: 429 RATE_LIMITED " +
    "with Retry-After",
  tag: "tracker",
  auth: "none",
  query: calendarFeedQuerySchema,
  responses: {
    200: {
      description: "The feed (iCalendar, RFC 5545), never stored by a shared cache",
      mediaType: "text/calendar; charset=utf-8",
    },
    304: { description: "Not modified: If-None-Match named the feed's current ETag" },
  },
  errors: [404, 429],
});

export const calendarFeedEndpoints = [
  listCalendarFeeds,
  createCalendarFeed,
  revokeCalendarFeed,
  calendarFeed,
];
