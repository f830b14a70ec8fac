import { ApiError } from "~/lib/api-client";
import type { CreateEmbedConfigRequest, EmbedConfig } from "#contracts/embed.ts";
import type { EmbedCurrency, EmbedLanguage } from "#domain/embed/index.ts";

type EmbedConfigOptionsInput = NonNullable<CreateEmbedConfigRequest["config"]>;

// Rules of the embed manager's screens (spec §5 "Embed create", "Domain add"; §8 keys).

/** The name to save from an inline rename: trimmed, only when not empty and changed. */
export function renamedTo(current: string, typed: string): string | null {
  const name = typed.trim();
  return name !== "" && name !== current ? name : null;
}

/** The key as a card shows it: its first 16 characters, then an ellipsis. */
export function shortKey(key: string): string {
  return `${key.slice(0, 16)}…`;
}

export type FailureKey = "createFailed" | "updateFailed" | "deleteFailed";

export type ManagerFailure =
  | { kind: "planLimit" }
  | { kind: "field"; key: "nameRequired" | "domainRequired" | "invalid" | "duplicate" }
  | { kind: "failed"; key: FailureKey };

/** What a failed create, update or delete says: the plan's limit, a field's rule, or the default. */
export function failureOf(error: unknown, fallback: FailureKey): ManagerFailure {
  if (error instanceof ApiError) {
    if (error.code === "PLAN_LIMIT_REACHED") return { kind: "planLimit" };
    const codes = Object.values(error.fields ?? {});
    for (const key of ["nameRequired", "domainRequired", "invalid", "duplicate"] as const) {
      if (codes.includes(key)) return { kind: "field", key };
    }
  }
  return { kind: "failed", key: fallback };
}

/** A display setting a configuration fixes, or leaves "open" for the embed URL to choose. */
export type OpenOr<T extends string> = T | "open";

/**
 * The display settings a configuration saves (issue 11, decision 010): a language or currency
 * left "open" is not saved, so the embed URL's `lang` / `currency` (else the default) applies;
 * one chosen is fixed. Colours are always saved (a site cannot restyle a keyed embed).
 */
export function configOptionsOf(choice: {
  language: OpenOr<EmbedLanguage>;
  currency: OpenOr<EmbedCurrency>;
  primaryColor: string;
  accentColor: string;
}): EmbedConfigOptionsInput {
  return {
    ...(choice.language === "open" ? {} : { language: choice.language }),
    ...(choice.currency === "open" ? {} : { currency: choice.currency }),
    primaryColor: choice.primaryColor,
    accentColor: choice.accentColor,
  };
}

/** A saved configuration's settings with one of language or currency fixed or left open. */
export function withDisplayChange(
  saved: EmbedConfig["config"],
  change: { language?: OpenOr<EmbedLanguage>; currency?: OpenOr<EmbedCurrency> },
): EmbedConfigOptionsInput {
  const next: EmbedConfigOptionsInput = { ...saved };
  for (const field of ["language", "currency"] as const) {
    const value = change[field];
    if (value === undefined) continue;
    if (value === "open") delete next[field];
    else (next as Record<string, string>)[field] = value;
  }
  return next;
}
