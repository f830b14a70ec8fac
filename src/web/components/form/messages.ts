import type { TFunction } from "i18next";

// How a contract schema's refusal becomes a sentence in the reader's language (decision 067).
// The contracts name their reasons in the issue's message ("required", "too_long",
// "invalid_email"…); zod's own messages are English sentences, so for those the issue's code
// and format give the reason. The server's 400 `fields` carry the same messages (the server
// parses with the same schema), which is how its refusals find the same text.

/** The reasons the `form.*` catalogue entries (locales/<lang>/common.json) say. */
export const formReasons = [
  "required",
  "too_short",
  "too_long",
  "too_small",
  "too_big",
  "invalid_email",
  "invalid_url",
  "invalid_characters",
  "invalid",
] as const;
export type FormReason = (typeof formReasons)[number];

/** A reason and the limits its text names (`min`, `max`). */
export interface Refusal {
  reason: string;
  params: { min?: number; max?: number };
}

/** The part of a zod issue the mapping reads (zod 4's issue, or a server field's token). */
export interface IssueLike {
  code?: string;
  message: string;
  format?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

// snake_case as most contracts write them, or camelCase as the embed's (`nameRequired`); zod's
// own messages are sentences, which neither matches
const token = /^[a-z][a-zA-Z0-9_]*$/;

/** What an issue refuses: the contract's own token, else one read from zod's code. */
export function refusalOf(issue: IssueLike): Refusal {
  const params: Refusal["params"] = {};
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (token.test(issue.message)) return { reason: issue.message, params };
  const text = issue.origin === "string" || issue.origin === "array";
  switch (issue.code) {
    case "invalid_type":
      return { reason: issue.input == null ? "required" : "invalid", params };
    case "too_small":
      if (text && params.min === 1) return { reason: "required", params };
      return { reason: text ? "too_short" : "too_small", params };
    case "too_big":
      return { reason: text ? "too_long" : "too_big", params };
    case "invalid_format":
      if (issue.format === "email") return { reason: "invalid_email", params };
      if (issue.format === "url") return { reason: "invalid_url", params };
      return { reason: "invalid", params };
    default:
      return { reason: "invalid", params };
  }
}

/** The limit each reason's text names; without it the general text stands in. */
const needs: Partial<Record<FormReason, "min" | "max">> = {
  too_short: "min",
  too_long: "max",
  too_small: "min",
  too_big: "max",
};

/** A form's own text for a reason of one of its fields (the sign-in's "Enter your password"). */
export type OwnMessage = string | ((params: Refusal["params"]) => string);
export type OwnMessages = Readonly<Record<string, Readonly<Record<string, OwnMessage>>>>;

/**
 * The sentence for `refusal` of `field`: the form's own text when it has one, else the general
 * `form.<reason>` of `common` (`form.invalid` for a reason it does not know).
 */
export function messageOf(
  t: TFunction<"common">,
  field: string,
  refusal: Refusal,
  own?: OwnMessages,
): string {
  const mine = own?.[field]?.[refusal.reason];
  if (mine !== undefined) return typeof mine === "function" ? mine(refusal.params) : mine;
  const reason = (formReasons as readonly string[]).includes(refusal.reason)
    ? (refusal.reason as FormReason)
    : "invalid";
  const limit = needs[reason];
  if (limit && refusal.params[limit] === undefined) return t("form.invalid");
  return t(`form.${reason}`, refusal.params);
}
