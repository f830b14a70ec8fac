// What an embed counts (issue 18): per configuration and day, four numbers and nothing else.
// No visitor, device, address or page is ever part of a count.

export const embedUsageEvents = ["load", "completed", "due", "cta"] as const;
export type EmbedUsageEvent = (typeof embedUsageEvents)[number];

export function isEmbedUsageEvent(value: unknown): value is EmbedUsageEvent {
  return typeof value === "string" && (embedUsageEvents as readonly string[]).includes(value);
}

/** Days shown by the manager's chart and CSV. */
export const embedUsageDays = 30;

/** The `count` UTC days ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
