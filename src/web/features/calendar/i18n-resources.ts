// Typed keys for the calendar namespace, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type calendar from "#locales/en/calendar.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    calendar: typeof calendar;
  }
}
