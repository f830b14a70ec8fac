import { webDefaultLanguage, webLanguages, type WebPagePath } from "../../contracts/web-routes";

// The spec's route table (§2), as data: routes.ts expands it once per language prefix,
// the prerender list and the auth guard read it too. The languages and the page paths are
// the contract shared with the server (src/contracts/web-routes.ts).
export const languages = webLanguages;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = webDefaultLanguage;

/** `embed`: a page outside the app's layout (none since the embed calculator has its own build). */
export type Access = "public" | "protected" | "guest-only" | "embed";

export interface RouteEntry {
  /** stable id, also the i18n key of the page title under `pages.` */
  name: string;
  /** path without language prefix, no leading slash ("" for the landing page) */
  path: WebPagePath;
  /** route module, relative to src/web */
  file: string;
  access: Access;
  /**
   * prerendered to static HTML in every language, never with per-user content: a public page
   * with its content, a protected page as its frame while the session loads (the guard's
   * spinner), so that its HTML lists its own modules (issue 12) instead of the SPA shell's
   */
  prerender: boolean;
}

// /embed/calculator (and /fr/…, /nl/…) is not here: the server answers it from the embed's own
// build (src/web/embed, vite.embed.config.ts), without React Router.
export const routeTable: RouteEntry[] = [
  { name: "landing", path: "", file: "routes/landing.tsx", access: "public", prerender: true },
  {
    name: "calculator",
    path: "calculator",
    file: "routes/calculator.tsx",
    access: "public",
    prerender: true,
  },
  {
    name: "embedGenerator",
    path: "embed-generator",
    file: "routes/embed-generator.tsx",
    access: "public",
    prerender: true,
  },
  {
    name: "acceptInvitation",
    path: "accept-invitation",
    file: "routes/accept-invitation.tsx",
    access: "public",
    prerender: false,
  },
  {
    name: "signin",
    path: "signin",
    file: "routes/signin.tsx",
    access: "guest-only",
    prerender: true,
  },
  {
    name: "signup",
    path: "signup",
    file: "routes/signup.tsx",
    access: "guest-only",
    prerender: true,
  },
  {
    name: "verifyEmail",
    path: "verify-email",
    file: "routes/verify-email.tsx",
    access: "public",
    prerender: false,
  },
  {
    name: "forgotPassword",
    path: "forgot-password",
    file: "routes/forgot-password.tsx",
    access: "public",
    prerender: true,
  },
  {
    name: "resetPasswordConfirmation",
    path: "reset-password-confirmation",
    file: "routes/reset-password-confirmation.tsx",
    access: "public",
    prerender: true,
  },
  {
    name: "resetPassword",
    path: "reset-password",
    file: "routes/reset-password.tsx",
    access: "public",
    prerender: false,
  },
  { name: "donate", path: "donate", file: "routes/donate.tsx", access: "public", prerender: true },
  {
    name: "pricing",
    path: "pricing",
    file: "routes/pricing.tsx",
    access: "public",
    prerender: true,
  },
  // Beyond the spec (issue 30): today's nisab in the visitor's currency, instead of a UK site.
  {
    name: "nisabValues",
    path: "nisab-values",
    file: "routes/nisab-values.tsx",
    access: "public",
    prerender: true,
  },
  // Beyond the spec: the footer's legal links need real pages.
  {
    name: "privacy",
    path: "privacy",
    file: "routes/privacy.tsx",
    access: "public",
    prerender: true,
  },
  { name: "terms", path: "terms", file: "routes/terms.tsx", access: "public", prerender: true },
  {
    name: "dashboard",
    path: "dashboard",
    file: "routes/dashboard.tsx",
    access: "protected",
    prerender: true,
  },
  { name: "nisab", path: "nisab", file: "routes/nisab.tsx", access: "protected", prerender: true },
  {
    name: "calculatorHistory",
    path: "calculator-history",
    file: "routes/calculator-history.tsx",
    access: "protected",
    prerender: true,
  },
  {
    name: "calendar",
    path: "calendar",
    file: "routes/calendar.tsx",
    access: "protected",
    prerender: true,
  },
  {
    name: "embedManager",
    path: "embed-manager",
    file: "routes/embed-manager.tsx",
    access: "protected",
    prerender: true,
  },
  {
    name: "checkout",
    path: "checkout",
    file: "routes/checkout.tsx",
    access: "protected",
    prerender: true,
  },
  {
    name: "profile",
    path: "profile",
    file: "routes/profile.tsx",
    access: "protected",
    prerender: true,
  },
  {
    name: "workspaceSettings",
    path: "workspace-settings",
    file: "routes/workspace-settings.tsx",
    access: "protected",
    prerender: true,
  },
];

export function prefixFor(lang: Language): string {
  return lang === defaultLanguage ? "" : `/${lang}`;
}

export function localizedPath(lang: Language, path: string): string {
  const clean = path.replace(/^\/+/, "");
  const prefix = prefixFor(lang);
  if (!clean) return prefix || "/";
  return `${prefix}/${clean}`;
}

export const prerenderPaths: string[] = languages.flatMap((lang) =>
  routeTable.filter((r) => r.prerender).map((r) => localizedPath(lang, r.path)),
);
