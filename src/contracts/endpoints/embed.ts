import {
  createEmbedConfigRequestSchema,
  embedConfigListSchema,
  embedConfigSchema,
  embedEventRequestSchema,
  embedUsageSchema,
  updateEmbedConfigRequestSchema,
} from "../embed.ts";
import { endpoint } from "./types.ts";

// Embed configurations (API.md "embed-configs"; issue 6). Per user: another user's
// configuration answers 404 as a missing one. The embed page itself (GET /embed/calculator) is a
// page, not part of this API (API.md "Embed", decision 010).

export const listEmbedConfigs = endpoint({
  method: "get",
  path: "/api/embed-configs",
  summary: "The caller's embed configurations, newest first",
  tag: "embeds",
  auth: "session",
  responses: { 200: { description: "Configurations", schema: embedConfigListSchema } },
});

export const createEmbedConfig = endpoint({
  method: "post",
  path: "/api/embed-configs",
  summary:
    "Create an active embed configuration with a new 32-character key. The name is trimmed " +
    "(fields.name = nameRequired when blank); at least one domain (fields.allowedDomains = " +
    "domainRequired); each domain is normalised (lower case, no scheme or path, punycode) " +
    "and checked (fields.allowedDomains.<i> = invalid | duplicate); config holds the " +
    "optional language (en, fr, nl), currency (EUR, USD) and hex colours. Beyond the plan's " +
    "embed domains (distinct domains of all the caller's configurations): 403 " +
    "PLAN_LIMIT_REACHED",
  tag: "embeds",
  auth: "session",
  body: createEmbedConfigRequestSchema,
  responses: { 201: { description: "Created", schema: embedConfigSchema } },
  errors: [403],
});

export const updateEmbedConfig = endpoint({
  method: "patch",
  path: "/api/embed-configs/{id}",
  summary:
    "Rename, replace the domains (normalised and checked as on create; may be empty, the key " +
    "then shows the restricted page), enable/disable, or replace the display settings " +
    "(`config`: what it sets is fixed, what it leaves out the embed URL's lang, currency, " +
    "primaryColor and accentColor may choose). Takes effect on the next embed " +
    "request. Adding domains beyond the plan: 403 PLAN_LIMIT_REACHED",
  tag: "embeds",
  auth: "session",
  body: updateEmbedConfigRequestSchema,
  responses: { 200: { description: "The configuration now", schema: embedConfigSchema } },
  errors: [403, 404],
});

export const deleteEmbedConfig = endpoint({
  method: "delete",
  path: "/api/embed-configs/{id}",
  summary: "Delete the configuration; its key stops working at once",
  tag: "embeds",
  auth: "session",
  responses: { 204: { description: "Deleted" } },
  errors: [404],
});

export const getEmbedUsage = endpoint({
  method: "get",
  path: "/api/embed-configs/{id}/usage",
  summary:
    "The configuration's counts of the last 30 UTC days, oldest first, zeros included: " +
    "embed loads, completed calculations, results with zakat due, call-to-action clicks",
  tag: "embeds",
  auth: "session",
  responses: { 200: { description: "Daily counts", schema: embedUsageSchema } },
  errors: [404],
});

export const exportEmbedUsageCsv = endpoint({
  method: "get",
  path: "/api/embed-configs/{id}/usage.csv",
  summary:
    "The same 30 days as CSV (text/csv attachment; CRLF; columns day, loads, completed, " +
    "zakat_due, cta_clicks)",
  tag: "embeds",
  auth: "session",
  responses: { 200: { description: "text/csv attachment" } },
  errors: [404],
});

export const recordEmbedEvent = endpoint({
  method: "post",
  path: "/api/embed/events",
  summary:
    "Count one event of a keyed embed (sent by the embed page with navigator.sendBeacon): " +
    "event is load, completed, due or cta; site is the framing page's origin or URL, whose " +
    "host must be one of the configuration's domains (403 FORBIDDEN otherwise). The request " +
    "must carry the embed page's Origin (403 CROSS_SITE_REQUEST without one). An unknown " +
    "or inactive key is 404. Above 30 events a minute per key and address (IPv6 by /64): " +
    "429 RATE_LIMITED. Only the day's four counts are stored, nothing about the sender",
  tag: "embeds",
  auth: "none",
  body: embedEventRequestSchema,
  responses: { 204: { description: "Counted" } },
  errors: [403, 404, 429],
});

export const embedEndpoints = [
  listEmbedConfigs,
  createEmbedConfig,
  updateEmbedConfig,
  deleteEmbedConfig,
  getEmbedUsage,
  exportEmbedUsageCsv,
  recordEmbedEvent,
];
