// Typed keys for the statement namespace (issue 33), merged into the shell's Resources
// interface (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type statement from "#locales/en/statement.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    statement: typeof statement;
  }
}
