// Typed keys for the history namespace, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type history from "#locales/en/history.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    history: typeof history;
  }
}
