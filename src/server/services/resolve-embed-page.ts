import {
  embedPathLanguage,
  parseEmbedQuery,
  resolveEmbedSettings,
  type EmbedPageState,
} from "../../contracts/embed.ts";
import { decideEmbedAccess } from "../../domain/embed/index.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { findEmbedConfigByKey } from "../db/repositories/embed-configs.ts";

export interface EmbedPageAnswer {
  /** what the embed bundle shows (the page's hawl-embed-state) */
  state: EmbedPageState;
  /** the CSP frame-ancestors sources of the answer */
  frameAncestors: string[];
  /** a keyed answer depends on the key's configuration and the request's headers */
  keyed: boolean;
}

/**
 * GET /embed/calculator (API.md "Embed", spec §5 "Embed domain check"): the domain's decision
 * for this request, with the key's configuration read afresh (a disabled or deleted key stops
 * at the next request). No key: the public calculator, which any site may frame; a restricted
 * answer may be framed anywhere too, so the framing site's owner sees why. A pay button comes
 * only from a key's configuration, never from the address (decision 049): a public page on
 * Hawl's own domain must not show anyone's "pay here" link.
 */
export async function resolveEmbedPage(options: {
  db: Executor;
  pathname: string;
  search: URLSearchParams;
  referer: string | null;
  fetchDest: string | null;
}): Promise<EmbedPageAnswer> {
  const query = parseEmbedQuery(options.search);
  const record = query.key ? await findEmbedConfigByKey(options.db, query.key) : null;
  const decision = decideEmbedAccess({
    hasKey: query.hasKey,
    record,
    referer: options.referer,
    fetchDest: options.fetchDest?.toLowerCase() ?? null,
  });
  const settings = resolveEmbedSettings({
    query,
    pathLanguage: embedPathLanguage(options.pathname),
    config: record?.isActive ? record.config : null,
  });
  switch (decision.kind) {
    case "public":
      return {
        state: { status: "ok", keyed: false, settings },
        frameAncestors: ["*"],
        keyed: false,
      };
    case "allowed": {
      const cta = record?.callToAction;
      return {
        state: {
          status: "ok",
          keyed: true,
          settings,
          ...(cta
            ? {
                callToAction: {
                  urlTemplate: cta.urlTemplate,
                  organisation: cta.organisation,
                  label: cta.label?.[settings.language] ?? null,
                },
              }
            : {}),
        },
        frameAncestors: decision.frameAncestors,
        keyed: true,
      };
    }
    case "restricted":
      return {
        state: { status: "restricted", reason: decision.reason, domain: decision.domain, settings },
        frameAncestors: ["*"],
        keyed: true,
      };
  }
}
