import { z } from "zod";
import {
  embedCurrencies,
  embedDenialReasons,
  embedKeyPattern,
  embedLanguages,
  normaliseDomainList,
  parseHexColor,
  resolveEmbedSettings,
  type EmbedSettings,
} from "../domain/embed/index.ts";
import { webLanguages } from "./web-routes.ts";

// Embed configurations (API.md "embed-configs", spec §3 "Embed configuration") and the embed
// page's interface between the server and the embed bundle (API.md "Embed", decision 010).

export {
  addDomain,
  defaultAccentColor,
  defaultEmbedCurrency,
  defaultEmbedLanguage,
  defaultPrimaryColor,
  duplicateDomainMessage,
  embedCurrencies,
  embedDenialReasons,
  embedKeyLength,
  embedLanguages,
  invalidDomainMessage,
  isHostAllowed,
  normaliseDomain,
  parseHexColor,
  resolveEmbedSettings,
  type AddDomainResult,
  type DomainProblem,
  type EmbedCurrency,
  type EmbedDenialReason,
  type EmbedLanguage,
  type EmbedSettings,
} from "../domain/embed/index.ts";

/** English texts of the field codes below (spec §5, §8). */
export const embedFieldMessages = {
  nameRequired: "Configuration name is required",
  domainRequired: "At least one domain is required",
  invalid: "Invalid domain format",
  duplicate: "This domain is already in the list",
} as const;

export const maxEmbedNameLength = 100;
export const maxEmbedDomains = 100;

// ---- The configuration's optional display settings.

/** In requests: each optional; a colour is `#rgb`/`#rrggbb` (stored lower-case with `#`). */
export const embedConfigOptionsSchema = z
  .object(
    {
      language: z.enum(embedLanguages, "invalid_language").optional(),
      currency: z.enum(embedCurrencies, "invalid_currency").optional(),
      primaryColor: z
        .string("invalid_color")
        .transform((v, ctx) => parseHexColor(v) ?? (ctx.addIssue("invalid_color"), z.NEVER))
        .optional(),
      accentColor: z
        .string("invalid_color")
        .transform((v, ctx) => parseHexColor(v) ?? (ctx.addIssue("invalid_color"), z.NEVER))
        .optional(),
    },
    "invalid",
  )
  .strict();
export type EmbedConfigOptions = z.output<typeof embedConfigOptionsSchema>;

/** On the wire (responses): what is set, nothing else. */
export const embedConfigOptionsWireSchema = z.object({
  language: z.enum(embedLanguages).optional(),
  currency: z.enum(embedCurrencies).optional(),
  primaryColor: z.string().optional(),
  accentColor: z.string().optional(),
});

/** An embed configuration as its owner sees it (GET/POST/PATCH /api/embed-configs). */
export const embedConfigSchema = z.object({
  id: z.uuid(),
  /** 32 letters and digits; the `key` parameter of the embed URL */
  embedKey: z.string(),
  name: z.string(),
  /** normalised host names (spec §5): `example.org`, `*.example.org`, `localhost` */
  allowedDomains: z.array(z.string()),
  config: embedConfigOptionsWireSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type EmbedConfig = z.infer<typeof embedConfigSchema>;

export const embedConfigListSchema = z.array(embedConfigSchema);

// ---- Requests. Field codes in `error.fields`: name → nameRequired | too_long;
// allowedDomains → domainRequired | too_many; allowedDomains.<i> → invalid | duplicate;
// config.<field> → invalid_language | invalid_currency | invalid_color.

const embedNameSchema = z
  .string("nameRequired")
  .trim()
  .min(1, "nameRequired")
  .max(maxEmbedNameLength, "too_long");

const domainListSchema = (min: number) =>
  z
    .array(z.string("invalid").max(300, "invalid"), "domainRequired")
    .min(min, "domainRequired")
    .max(maxEmbedDomains, "too_many")
    .transform((list, ctx) => {
      const result = normaliseDomainList(list);
      if (result.ok) return result.domains;
      ctx.addIssue({ code: "custom", message: result.problem, path: [result.index] });
      return z.NEVER;
    });

/** POST /api/embed-configs → 201 with the configuration and its new key. */
export const createEmbedConfigRequestSchema = z
  .object({
    name: embedNameSchema,
    allowedDomains: domainListSchema(1),
    config: embedConfigOptionsSchema.optional(),
  })
  .strict();
export type CreateEmbedConfigRequest = z.input<typeof createEmbedConfigRequestSchema>;

/**
 * PATCH /api/embed-configs/:id: rename, replace the domain list (it may become empty: the
 * key then shows the restricted page, reason no_domains), enable or disable, replace the display
 * settings (`config`: what it sets is fixed, what it leaves out the embed URL may choose —
 * decision 010; `{}` leaves everything to the URL). At least one field.
 */
export const updateEmbedConfigRequestSchema = z
  .object({
    name: embedNameSchema.optional(),
    allowedDomains: domainListSchema(0).optional(),
    isActive: z.boolean("invalid").optional(),
    config: embedConfigOptionsSchema.optional(),
  })
  .strict()
  .refine(
    (v) =>
      v.name !== undefined ||
      v.allowedDomains !== undefined ||
      v.isActive !== undefined ||
      v.config !== undefined,
    // only said of a body that is otherwise valid
    { message: "nothing_to_update", when: (payload) => payload.issues.length === 0 },
  );
export type UpdateEmbedConfigRequest = z.input<typeof updateEmbedConfigRequestSchema>;

// ---- The embed page (GET /embed/calculator, /fr/…, /nl/…).

/** Paths of the embed page; the server answers them from the embed build. */
export const embedPagePaths = webLanguages.map((l) =>
  l === "en" ? "/embed/calculator" : `/${l}/embed/calculator`,
);
/** Where the embed build's assets are served (the build's `base` is `/embed/`). */
export const embedAssetsPrefix = "/embed/assets/";
/** The embed build: `<build>/embed/index.html`, assets in `<build>/embed/assets/`. */
export const embedBuildDir = "embed";

export interface EmbedQuery {
  /** whether a `key` parameter is present (even empty: a keyed embed with an invalid key) */
  hasKey: boolean;
  /** the key when it has the form of one (32 letters and digits), else null */
  key: string | null;
  lang: string | null;
  currency: string | null;
  primaryColor: string | null;
  accentColor: string | null;
}

/** The embed URL's query parameters, unchecked apart from the key's form. */
export function parseEmbedQuery(search: URLSearchParams | string): EmbedQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const rawKey = params.get("key");
  return {
    hasKey: rawKey !== null,
    key: rawKey !== null && embedKeyPattern.test(rawKey) ? rawKey : null,
    lang: params.get("lang"),
    currency: params.get("currency"),
    primaryColor: params.get("primaryColor"),
    accentColor: params.get("accentColor"),
  };
}

/** The language of an embed path's prefix: "/fr/embed/calculator" → "fr"; else null. */
export function embedPathLanguage(pathname: string): EmbedSettings["language"] | null {
  const first = pathname.split("/").filter(Boolean)[0];
  return first === "fr" || first === "nl" ? first : null;
}

/**
 * The settings of an embed page from its URL alone (no key configuration): what the server does
 * for an unkeyed embed, and what the bundle may use when the page has no state (dev server).
 */
export function embedSettingsFromUrl(url: URL | string): EmbedSettings {
  const u = typeof url === "string" ? new URL(url, "http://localhost") : url;
  const q = parseEmbedQuery(u.searchParams);
  return resolveEmbedSettings({
    query: q,
    pathLanguage: embedPathLanguage(u.pathname),
  });
}

const embedSettingsSchema = z.object({
  language: z.enum(embedLanguages),
  currency: z.enum(embedCurrencies),
  primaryColor: z.string(),
  accentColor: z.string(),
});

/**
 * The state the server puts into the embed page, as the content of
 * `<meta name="hawl-embed-state" content="…JSON…">` (first element of <head>):
 * - `ok`: show the calculator with `settings` (`keyed`: a managed embed);
 * - `restricted`: show the restricted page: `reason`, the visitor's `domain` (a host name,
 *   "direct_access" or "unknown"), in the language of `settings`.
 */
export const embedPageStateSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ok"), keyed: z.boolean(), settings: embedSettingsSchema }),
  z.object({
    status: z.literal("restricted"),
    reason: z.enum(embedDenialReasons),
    domain: z.string(),
    settings: embedSettingsSchema,
  }),
]);
export type EmbedPageState = z.infer<typeof embedPageStateSchema>;

export const embedStateMetaName = "hawl-embed-state";

/** The state of the embed page from its meta element's content; null when absent or invalid. */
export function parseEmbedPageState(content: string | null | undefined): EmbedPageState | null {
  if (!content) return null;
  try {
    const result = embedPageStateSchema.safeParse(JSON.parse(content));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** In the browser: `parseEmbedPageState` of the page's meta element. */
export function readEmbedPageState(doc: Pick<Document, "querySelector">): EmbedPageState | null {
  const meta = doc.querySelector(`meta[name="${embedStateMetaName}"]`);
  return parseEmbedPageState(meta?.getAttribute("content"));
}
