// Typed keys of the public nisab page's namespace, merged into the shell's Resources.
import type nisabValues from "#locales/en/nisab-values.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    "nisab-values": typeof nisabValues;
  }
}
