import { describe, expect, it } from "vitest";
import { decideEmbedAccess, refererHost, type EmbedRequest } from "./access.ts";

const active = { isActive: true, allowedDomains: ["mosque.org", "localhost"] };
const sources = [
  "http://mosque.org:*",
  "https://mosque.org:*",
  "http://localhost:*",
  "https://localhost:*",
];
const request = (over: Partial<EmbedRequest>): EmbedRequest => ({
  hasKey: true,
  record: active,
  referer: "https://mosque.org/zakat",
  fetchDest: "iframe",
  ...over,
});

describe("decideEmbedAccess (spec §5 Embed domain check, API.md Embed)", () => {
  it.each<[string, Partial<EmbedRequest>, ReturnType<typeof decideEmbedAccess>]>([
    ["no key → public", { hasKey: false, record: null, referer: null }, { kind: "public" }],
    ["no key, direct → public", { hasKey: false, fetchDest: "document" }, { kind: "public" }],
    ["allowed referrer", {}, { kind: "allowed", frameAncestors: sources }],
    [
      "localhost on any port",
      { referer: "http://localhost:5173/page" },
      { kind: "allowed", frameAncestors: sources },
    ],
    [
      "no Sec-Fetch-Dest (older browser), allowed referrer",
      { fetchDest: null },
      { kind: "allowed", frameAncestors: sources },
    ],
    [
      "unknown key",
      { record: null },
      { kind: "restricted", reason: "invalid_key", domain: "mosque.org" },
    ],
    [
      "inactive key",
      { record: { ...active, isActive: false } },
      { kind: "restricted", reason: "invalid_key", domain: "mosque.org" },
    ],
    [
      "inactive key opened directly",
      { record: { ...active, isActive: false }, referer: null, fetchDest: "document" },
      { kind: "restricted", reason: "invalid_key", domain: "direct_access" },
    ],
    [
      "no domains",
      { record: { isActive: true, allowedDomains: [] } },
      { kind: "restricted", reason: "no_domains", domain: "mosque.org" },
    ],
    [
      "referrer not allowed",
      { referer: "https://evil.example/x" },
      { kind: "restricted", reason: "domain_not_allowed", domain: "evil.example" },
    ],
    [
      "referrer is a subdomain of an exact entry",
      { referer: "https://www.mosque.org/" },
      { kind: "restricted", reason: "domain_not_allowed", domain: "www.mosque.org" },
    ],
    [
      "no referrer, framed → frame-ancestors decides",
      { referer: null },
      { kind: "allowed", frameAncestors: sources },
    ],
    ["empty referrer, framed", { referer: "" }, { kind: "allowed", frameAncestors: sources }],
    [
      "no referrer, not known to be framed",
      { referer: null, fetchDest: null },
      { kind: "restricted", reason: "no_referrer", domain: "unknown" },
    ],
    [
      "no referrer, embedded as an object",
      { referer: null, fetchDest: "object" },
      { kind: "restricted", reason: "no_referrer", domain: "unknown" },
    ],
    [
      "direct navigation",
      { referer: null, fetchDest: "document" },
      { kind: "restricted", reason: "direct_access", domain: "direct_access" },
    ],
    [
      "navigation from a link on an allowed site",
      { fetchDest: "document" },
      { kind: "restricted", reason: "direct_access", domain: "mosque.org" },
    ],
    [
      "a referrer that is not a web URL",
      { referer: "not a url" },
      { kind: "restricted", reason: "validation_error", domain: "unknown" },
    ],
    [
      "a file: referrer",
      { referer: "file:///home/a.html" },
      { kind: "restricted", reason: "validation_error", domain: "unknown" },
    ],
  ])("%s", (_name, over, expected) => {
    expect(decideEmbedAccess(request(over))).toEqual(expected);
  });
});

describe("refererHost", () => {
  it.each<[string | null, string | null]>([
    ["https://Mosque.ORG:8443/a?b", "mosque.org"],
    ["https://é.fr/", "xn--9ca.fr"],
    ["http://127.0.0.1:3000/", "127.0.0.1"],
    ["javascript:alert(1)", null],
    ["", null],
    [null, null],
  ])("%j → %j", (referer, host) => {
    expect(refererHost(referer)).toBe(host);
  });
});
