import { z } from "zod";
import {
  checkCallToActionUrl,
  embedCurrencies,
  embedDenialReasons,
  embedUsageEvents,
  maxCallToActionLabelLength,
  maxOrganisationLength,
  embedKeyPattern,
  embedLanguages,
  normaliseDomainList,
  parseHexColor,
  resolveEmbedSettings,
  type EmbedLanguage,
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

// ---- The call to action (issue 18, decision 021): field codes callToAction.urlTemplate →
// required | too_long | invalid_url | https_only | credentials | unknown_placeholder |
// placeholder_in_host; callToAction.organisation → required | too_long;
// callToAction.label.<lang> → too_long.

const labelSchema = z
  .string("invalid")
  .trim()
  .max(maxCallToActionLabelLength, "too_long")
  .refine((v) => !/[\r\n]/.test(v), "invalid")
  .optional();

/** In requests: the link, the organisation, optional button texts; null removes the button. */
export const embedCallToActionSchema = z
  .object(
    {
      urlTemplate: z.unknown().transform((v, ctx) => {
        const check = checkCallToActionUrl(v);
        if (check.ok) return check.url;
        ctx.addIssue(check.problem);
        return z.NEVER;
      }),
      organisation: z
        .string("required")
        .trim()
        .min(1, "required")
        .max(maxOrganisationLength, "too_long")
        .refine((v) => !/[\r\n]/.test(v), "invalid"),
      label: z
        .object(
          Object.fromEntries(embedLanguages.map((lang) => [lang, labelSchema])) as Record<
            EmbedLanguage,
            typeof labelSchema
          >,
          "invalid",
        )
        .strict()
        .optional()
        .transform((label) => {
          // empty texts are left out: the default text of that language is shown
          const kept = Object.entries(label ?? {}).filter(([, text]) => text);
          return kept.length ? (Object.fromEntries(kept) as Record<string, string>) : undefined;
        }),
    },
    "invalid",
  )
  .strict()
  .nullable();
export type EmbedCallToActionInput = z.input<typeof embedCallToActionSchema>;

export const embedCallToActionWireSchema = z
  .object({
    urlTemplate: z.string(),
    organisation: z.string(),
    label: z
      .object(
        Object.fromEntries(embedLanguages.map((lang) => [lang, z.string().optional()])) as Record<
          EmbedLanguage,
          z.ZodOptional<z.ZodString>
        >,
      )
      .optional(),
  })
  .nullable();
export type EmbedCallToAction = NonNullable<z.infer<typeof embedCallToActionWireSchema>>;

/** An embed configuration as its owner sees it (GET/POST/PATCH /api/embed-configs). */
export const embedConfigSchema = z.object({
  id: z.uuid(),
  /** 32 letters and digits; the `key` parameter of the embed URL */
  embedKey: z.string(),
  name: z.string(),
  /** normalised host names (spec §5): `example.org`, `*.example.org`, `localhost` */
  allowedDomains: z.array(z.string()),
  config: embedConfigOptionsWireSchema,
  /** the "pay your zakat here" button, or null */
  callToAction: embedCallToActionWireSchema,
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
    callToAction: embedCallToActionSchema.optional(),
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
    callToAction: embedCallToActionSchema.optional(),
  })
  .strict()
  .refine(
    (v) =>
      v.name !== undefined ||
      v.allowedDomains !== undefined ||
      v.isActive !== undefined ||
      v.config !== undefined ||
      v.callToAction !== undefined,
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
/**
 * The script a framing site loads beside the iframe, which sizes the frame to its content
 * (issue 30, decision 054); a fixed address, built as `<build>/embed/resize.js`.
 */
export const embedHostScriptPath = "/embed/resize.js";
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
  z.object({
    status: z.literal("ok"),
    keyed: z.boolean(),
    settings: embedSettingsSchema,
    /** a keyed embed's button: the link template, the organisation, the text of the page's
     * language (null: the default text); ignored on an unkeyed page (decision 049) */
    callToAction: z
      .object({ urlTemplate: z.string(), organisation: z.string(), label: z.string().nullable() })
      .optional(),
  }),
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
    if (!result.success) return null;
    // a pay button belongs to a key's configuration only (decision 049)
    if (result.data.status === "ok" && !result.data.keyed && result.data.callToAction) {
      const { callToAction: _dropped, ...rest } = result.data;
      return rest;
    }
    return result.data;
  } catch {
    return null;
  }
}

/** In the browser: `parseEmbedPageState` of the page's meta element. */
export function readEmbedPageState(doc: Pick<Document, "querySelector">): EmbedPageState | null {
  const meta = doc.querySelector(`meta[name="${embedStateMetaName}"]`);
  return parseEmbedPageState(meta?.getAttribute("content"));
}

// ---- Usage counts (issue 18, decision 021).

/**
 * POST /api/embed/events, sent by the embed page with navigator.sendBeacon: one event of a
 * keyed embed, with the host of the page that frames it (`location.ancestorOrigins` or the
 * document's referrer). 204 when counted; 400 for an unknown event or a malformed key; 404
 * for an unknown or inactive key; 403 `EMBED_DOMAIN_NOT_ALLOWED` when the host is not one of
 * the configuration's domains; 429 above the rate limit. Nothing about the sender is stored.
 */
export const embedEventRequestSchema = z
  .object({
    key: z.string("invalid").regex(embedKeyPattern, "invalid"),
    event: z.enum(embedUsageEvents, "invalid"),
    site: z.string("invalid").max(300, "invalid"),
  })
  .strict();
export type EmbedEventRequest = z.infer<typeof embedEventRequestSchema>;

export const embedUsageDaySchema = z.object({
  /** UTC day, YYYY-MM-DD */
  day: z.string(),
  loads: z.number().int(),
  completed: z.number().int(),
  due: z.number().int(),
  ctaClicks: z.number().int(),
});
export type EmbedUsageDay = z.infer<typeof embedUsageDaySchema>;

/** GET /api/embed-configs/:id/usage: the last 30 UTC days, oldest first, zeros included. */
export const embedUsageSchema = z.object({ days: z.array(embedUsageDaySchema) });
export type EmbedUsage = z.infer<typeof embedUsageSchema>;

export const embedEventsPath = "/api/embed/events";
