// Typed keys for the embed namespace (generator, manager, the embed page), merged into the
// shell's Resources interface (src/web/app/i18n-resources.ts).
import type embed from "#locales/en/embed.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    embed: typeof embed;
  }
}
