import type { FeedEvent, FeedLine } from "../../domain/hawl/calendar-feed.ts";
import { addDays } from "../../domain/hawl/calendar-day.ts";
import { formatDay, formatHijriDay } from "../../domain/dates/index.ts";
import type { Language } from "../../domain/language.ts";
import { serverT, type Translate } from "../i18n/index.ts";
import { titleWords } from "../i18n/milestone-words.ts";

// A calendar feed event (domain/hawl/calendar-feed.ts) in the feed's language, from
// locales/<lang>/calendar-feeds.json `feed` and the milestone titles of tracker.json.

export interface FeedEventWords {
  summary: string;
  description: string;
  alarms: { offsetSeconds: number; description: string }[];
}

function lineWords(line: FeedLine, t: Translate, lang: Language): string {
  switch (line.code) {
    case "hijri-date":
      return t("feed.hijriDate", { hijri: formatHijriDay(line.date, lang) });
    case "kind":
      return t(`feed.kind.${line.type}`);
    case "zakat-due-on":
      return t("feed.zakatDueOn", {
        day: formatDay(line.date, lang),
        hijri: formatHijriDay(line.date, lang),
      });
    case "hawl-began-on":
      return t("feed.hawlBeganOn", {
        day: formatDay(line.date, lang),
        hijri: formatHijriDay(line.date, lang),
      });
  }
}

export function feedEventWords(event: FeedEvent, lang: Language): FeedEventWords {
  return eventWords(event, lang, serverT(lang, "calendar-feeds"), serverT(lang, "tracker"));
}

/**
 * feedEventWords for a whole feed: each distinct sentence is translated once (i18next's `t` is
 * most of the cost of a large feed's text; its kind lines, reviews' titles and alarms repeat).
 */
export function feedWordsIn(lang: Language): (event: FeedEvent) => FeedEventWords {
  const memo = new Map<string, string>();
  const remembered =
    (t: Translate, ns: string): Translate =>
    (key, values) => {
      const id = `${ns}\u0000${key}\u0000${values ? JSON.stringify(values) : ""}`;
      let text = memo.get(id);
      if (text === undefined) {
        text = t(key, values);
        memo.set(id, text);
      }
      return text;
    };
  const t = remembered(serverT(lang, "calendar-feeds"), "feed");
  const tracker = remembered(serverT(lang, "tracker"), "tracker");
  return (event) => eventWords(event, lang, t, tracker);
}

function eventWords(
  event: FeedEvent,
  lang: Language,
  t: Translate,
  tracker: Translate,
): FeedEventWords {
  const title = event.kind === "zakat-due" ? t("feed.zakatDue") : titleWords(event.title, tracker);
  return {
    summary: event.status ? t(`feed.summary.${event.status}`, { title }) : title,
    description: event.description.map((line) => lineWords(line, t, lang)).join("\n"),
    alarms: event.alarms.map((alarm) => ({
      offsetSeconds: alarm.offsetSeconds,
      description: t(alarm.kind === "week-before" ? "feed.weekBefore" : "feed.onTheDay", {
        title,
      }),
    })),
  };
}

/** The calendar's own name: "Hawl – <workspace>". */
export function feedCalendarName(workspaceName: string, lang: Language): string {
  return serverT(lang, "calendar-feeds")("feed.calendarName", { workspace: workspaceName });
}

/** The calendar's description: which days it carries (`window.to` is excluded). */
export function feedCalendarDescription(
  window: { from: string; to: string },
  lang: Language,
): string {
  return serverT(lang, "calendar-feeds")("feed.calendarDescription", {
    from: formatDay(window.from, lang),
    to: formatDay(addDays(window.to, -1), lang),
  });
}
