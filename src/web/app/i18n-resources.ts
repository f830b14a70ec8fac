// Translation keys typed from the English catalogs: t("nav.home") is checked at compile time.
// A new namespace (locales/en/<ns>.json) joins with one line here, or from its feature through
// module augmentation of `Resources` (see src/web/features/auth/i18n-resources.ts). The parity
// test (tests/unit/i18n-keys.test.ts) makes sure fr and nl have the same keys.
import type common from "../../../locales/en/common.json";
import type donate from "../../../locales/en/donate.json";
import type landing from "../../../locales/en/landing.json";
import type legal from "../../../locales/en/legal.json";
import type pricing from "../../../locales/en/pricing.json";

export interface Resources {
  common: typeof common;
  donate: typeof donate;
  landing: typeof landing;
  legal: typeof legal;
  pricing: typeof pricing;
}

/** A route-table name that has a title under `pages.` in common.json. */
export type PageName = keyof typeof common.pages;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}
