import type { EmbedPageState } from "../../contracts/embed";
import {
  embedDenialReasons,
  embedCurrencies,
  embedLanguages,
  resolveEmbedSettings,
  type EmbedDenialReason,
  type EmbedSettings,
} from "../../domain/embed";

// What the server decided for this embed page (src/contracts/embed.ts: the JSON content of
// <meta name="hawl-embed-state">, put into the page for each request). Read here with the
// domain's own checks, not zod: the embed bundle stays small (a budget of 90 KB gzipped).

export type EmbedState = EmbedPageState;

const metaName = "hawl-embed-state";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null =>
  (options as readonly unknown[]).includes(value) ? (value as T) : null;

function readSettings(value: unknown): EmbedSettings | null {
  if (!isRecord(value)) return null;
  const language = oneOf(embedLanguages, value.language);
  const currency = oneOf(embedCurrencies, value.currency);
  const { primaryColor, accentColor } = value;
  // the server sends checked colours; the theme falls back to the defaults for anything else
  if (!language || !currency || typeof primaryColor !== "string") return null;
  if (typeof accentColor !== "string") return null;
  return { language, currency, primaryColor, accentColor };
}

type CallToActionState = NonNullable<Extract<EmbedState, { status: "ok" }>["callToAction"]>;

function readCallToAction(value: unknown): CallToActionState | null {
  if (!isRecord(value)) return null;
  const { urlTemplate, organisation, label } = value;
  if (typeof urlTemplate !== "string" || typeof organisation !== "string") return null;
  return { urlTemplate, organisation, label: typeof label === "string" ? label : null };
}

/** The state from the meta element's content; null when absent or not a state. */
export function parseEmbedState(content: string | null | undefined): EmbedState | null {
  if (!content) return null;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const settings = readSettings(value.settings);
  if (!settings) return null;
  if (value.status === "ok" && typeof value.keyed === "boolean") {
    // a pay button comes from a key's configuration only, never to a public page (decision 049)
    const callToAction = value.keyed ? readCallToAction(value.callToAction) : null;
    return {
      status: "ok",
      keyed: value.keyed,
      settings,
      ...(callToAction ? { callToAction } : {}),
    };
  }
  if (
    value.status === "restricted" &&
    (embedDenialReasons as readonly unknown[]).includes(value.reason) &&
    typeof value.domain === "string"
  ) {
    return {
      status: "restricted",
      reason: value.reason as EmbedDenialReason,
      domain: value.domain,
      settings,
    };
  }
  return null;
}

/**
 * The page's state. Without one (a page not answered by the Hawl server, e.g. a preview of the
 * build), the settings come from the URL alone, and a keyed URL is refused: only the server
 * can check a key.
 */
export function embedStateOf(doc: Document, location: Pick<Location, "pathname" | "search">) {
  const meta = doc.querySelector(`meta[name="${metaName}"]`);
  const state = parseEmbedState(meta?.getAttribute("content"));
  if (state) return state;
  const params = new URLSearchParams(location.search);
  const first = location.pathname.split("/").filter(Boolean)[0];
  const settings = resolveEmbedSettings({
    query: {
      lang: params.get("lang"),
      currency: params.get("currency"),
      primaryColor: params.get("primaryColor"),
      accentColor: params.get("accentColor"),
    },
    pathLanguage: first === "fr" || first === "nl" ? first : null,
  });
  return params.has("key")
    ? ({ status: "restricted", reason: "validation_error", domain: "unknown", settings } as const)
    : ({ status: "ok", keyed: false, settings } as const);
}
