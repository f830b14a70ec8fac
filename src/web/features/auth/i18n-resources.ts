// Typed keys for the account namespaces, merged into the shell's Resources interface
// (src/web/app/i18n-resources.ts) so that t("auth:…") is checked like t("nav.…").
import type auth from "#locales/en/auth.json";
import type dashboard from "#locales/en/dashboard.json";
import type errors from "#locales/en/errors.json";
import type profile from "#locales/en/profile.json";
import type workspaces from "#locales/en/workspaces.json";

declare module "~/app/i18n-resources" {
  interface Resources {
    auth: typeof auth;
    dashboard: typeof dashboard;
    errors: typeof errors;
    profile: typeof profile;
    workspaces: typeof workspaces;
  }
}
