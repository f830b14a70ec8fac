// Typed keys for the calendar-feeds namespace, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type calendarFeeds from "#locales/en/calendar-feeds.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    "calendar-feeds": typeof calendarFeeds;
  }
}
