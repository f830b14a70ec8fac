import { createHash, randomBytes } from "node:crypto";
import type { CalendarFeedDto } from "../../contracts/calendar-feeds.ts";
import type { CalendarFeedListRow } from "../db/repositories/calendar-feeds.ts";
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
