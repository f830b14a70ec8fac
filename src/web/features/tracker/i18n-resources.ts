// Typed keys for the tracker namespace, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type tracker from "#locales/en/tracker.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    tracker: typeof tracker;
  }
}
