// Typed keys for the calculator namespace, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts), as features/auth/i18n-resources.ts does.
import type calculator from "#locales/en/calculator.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    calculator: typeof calculator;
  }
}
