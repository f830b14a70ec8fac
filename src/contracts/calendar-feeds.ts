import { z } from "zod";
import { languages } from "../domain/language.ts";

// Calendar feeds (API.md "calendar-feeds", issue 15, decision 016): a secret iCalendar URL of a
// workspace's milestones. The token is stored only as a hash, so the URL is in the answer to
// POST and nowhere else: a lost URL is revoked and a new one created.

export const calendarFeedLanguages = languages;

/** POST body: the language of the feed's titles and descriptions (else the request's). */
export const createCalendarFeedRequestSchema = z.strictObject({
  language: z.enum(calendarFeedLanguages, "invalid_language").optional(),
});
export type CreateCalendarFeedRequest = z.infer<typeof createCalendarFeedRequestSchema>;

export const calendarFeedSchema = z.object({
  id: z.string(),
  language: z.enum(calendarFeedLanguages),
  createdAt: z.string(),
  /** the creator's name as members see it (null when they set none) */
  createdByName: z.string().nullable(),
  createdByMe: z.boolean(),
  /** the creator and the workspace's owners may revoke it */
  canRevoke: z.boolean(),
});
export type CalendarFeedDto = z.infer<typeof calendarFeedSchema>;

export const calendarFeedListSchema = z.array(calendarFeedSchema);

/** The answer to POST: the feed with its secret URL, shown this once. */
export const createdCalendarFeedSchema = calendarFeedSchema.extend({
  /** https URL for Google Calendar ("From URL") and Outlook ("Subscribe from web") */
  url: z.string(),
  /** the same as webcal://, which Apple Calendar and Outlook desktop open as a subscription */
  webcalUrl: z.string(),
});
export type CreatedCalendarFeedDto = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedQuerySchema = z.object({ token: z.string() });
