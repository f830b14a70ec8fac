import { describe, expect, it } from "vitest";
import {
  addDomain,
  frameAncestorSources,
  isHostAllowed,
  normaliseDomain,
  normaliseDomainList,
} from "./domains.ts";

const label63 = "a".repeat(63);
const label64 = "a".repeat(64);

// input → the stored domain, or null for 'Invalid domain format' (spec §5 "Domain add", issue 6)
const table: [input: string, expected: string | null][] = [
  // normalisation: trim, lower case, scheme and path removed
  ["example.com", "example.com"],
  ["HTTPS://WWW.Example.com/path", "www.example.com"],
  ["http://example.org", "example.org"],
  ["https://example.org/", "example.org"],
  ["  mosque.example.org  ", "mosque.example.org"],
  ["\tExample.COM\n", "example.com"],
  ["https://example.org/a/b?c=d#e", "example.org"],
  ["example.org?x=1", "example.org"],
  ["example.org#top", "example.org"],
  ["HTTP://LOCALHOST/", "localhost"],
  ["localhost", "localhost"],
  ["a.b.c.d.example.co.uk", "a.b.c.d.example.co.uk"],
  ["my-mosque.org", "my-mosque.org"],
  ["a-b-c.x-y.org", "a-b-c.x-y.org"],
  ["123.example.com", "123.example.com"],
  ["xn--9ca.fr", "xn--9ca.fr"],
  [`${label63}.com`, `${label63}.com`],
  // international names → punycode
  ["é.fr", "xn--9ca.fr"],
  ["MÜNCHEN.de", "xn--mnchen-3ya.de"],
  ["https://bücher.example/pfad", "xn--bcher-kva.example"],
  ["مسجد.example", "xn--rgbgk5e.example"],
  // wildcards: a leading *. only
  ["*.x.com", "*.x.com"],
  ["https://*.Example.org/", "*.example.org"],
  ["*.com", null],
  ["*.localhost", null],
  ["*x.com", null],
  ["x.*.com", null],
  ["*", null],
  ["**.x.com", null],
  // labels
  ["a..b", null],
  ["-a.com", null],
  ["a-.com", null],
  ["a.-b.com", null],
  [`${label64}.com`, null],
  ["under_score.com", null],
  [".example.com", null],
  ["example.com.", null],
  ["com", null],
  ["example", null],
  [
    `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.com`,
    null,
  ],
  // ports, IP addresses, user info, other characters
  ["x.com:8080", null],
  ["localhost:3000", null],
  ["https://example.org:443/", null],
  ["127.0.0.1", null],
  ["192.168.1.10", null],
  ["example.123", null],
  ["[::1]", null],
  ["::1", null],
  ["user@example.com", null],
  ["é@evil.com", null],
  [";", null],
  ["example.com;evil.com", null],
  ["example.com evil.com", null],
  ["exa mple.com", null],
  ["", null],
  ["   ", null],
  ["https://", null],
  ["'none'", null],
  ["ftp://example.com", null],
  ["example.com,evil.com", null],
  ["%65xample.com", null],
];

describe("normaliseDomain (spec §5 Domain add)", () => {
  it("has at least 40 rows", () => expect(table.length).toBeGreaterThanOrEqual(40));

  it.each(table)("%j → %j", (input, expected) => {
    const result = normaliseDomain(input);
    expect(result).toEqual(
      expected === null ? { ok: false, problem: "invalid" } : { ok: true, domain: expected },
    );
  });

  it("gives a stored form that normalises to itself", () => {
    for (const [, expected] of table) {
      if (expected !== null)
        expect(normaliseDomain(expected)).toEqual({ ok: true, domain: expected });
    }
  });
});

describe("addDomain", () => {
  it("adds the normalised form", () => {
    expect(addDomain(["a.com"], " HTTPS://B.com/x ")).toEqual({
      ok: true,
      domains: ["a.com", "b.com"],
      domain: "b.com",
    });
  });

  it("refuses a duplicate after normalisation", () => {
    expect(addDomain(["example.com"], "https://EXAMPLE.com/")).toEqual({
      ok: false,
      problem: "duplicate",
      message: "This domain is already in the list",
    });
    expect(addDomain(["xn--9ca.fr"], "é.fr")).toMatchObject({ ok: false, problem: "duplicate" });
  });

  it("refuses an invalid domain before looking for duplicates", () => {
    expect(addDomain([], "x.com:8080")).toEqual({
      ok: false,
      problem: "invalid",
      message: "Invalid domain format",
    });
  });

  it("keeps *.x.com and x.com apart", () => {
    expect(addDomain(["*.x.com"], "x.com")).toMatchObject({ ok: true });
  });
});

describe("normaliseDomainList", () => {
  it("normalises every entry", () => {
    expect(normaliseDomainList(["A.com", "é.fr"])).toEqual({
      ok: true,
      domains: ["a.com", "xn--9ca.fr"],
    });
  });
  it("reports the first refused entry", () => {
    expect(normaliseDomainList(["a.com", "b.com", "A.COM", "bad"])).toEqual({
      ok: false,
      index: 2,
      problem: "duplicate",
    });
    expect(normaliseDomainList(["a.com", "1.2.3.4"])).toEqual({
      ok: false,
      index: 1,
      problem: "invalid",
    });
  });
});

describe("isHostAllowed (exact matching)", () => {
  const allowed = ["example.org", "*.mosque.org", "localhost", "xn--9ca.fr"];
  it.each<[string, boolean]>([
    ["example.org", true],
    ["EXAMPLE.org", true],
    ["example.org.", true],
    ["www.example.org", false],
    ["example.org.evil.com", false],
    ["evilexample.org", false],
    ["a.mosque.org", true],
    ["a.b.mosque.org", true],
    ["mosque.org", false],
    ["evilmosque.org", false],
    ["localhost", true],
    ["sub.localhost", false],
    ["xn--9ca.fr", true],
    ["127.0.0.1", false],
    ["", false],
  ])("%j → %s", (host, expected) => {
    expect(isHostAllowed(host, allowed)).toBe(expected);
  });

  it("allows nothing with no domains", () => {
    expect(isHostAllowed("example.org", [])).toBe(false);
  });
});

describe("frameAncestorSources", () => {
  it.each<[string, string[]]>([
    ["example.org", ["http://example.org:*", "https://example.org:*"]],
    ["*.mosque.org", ["http://*.mosque.org:*", "https://*.mosque.org:*"]],
    ["localhost", ["http://localhost:*", "https://localhost:*"]],
    ["xn--mosque-6ua.org", ["http://xn--mosque-6ua.org:*", "https://xn--mosque-6ua.org:*"]],
  ])("gives http and https with any port for %s (API.md: both schemes)", (domain, expected) => {
    expect(frameAncestorSources([domain])).toEqual(expected);
  });

  it("keeps the domains' order, each with both schemes", () => {
    expect(frameAncestorSources(["example.org", "*.mosque.org", "localhost"])).toEqual([
      "http://example.org:*",
      "https://example.org:*",
      "http://*.mosque.org:*",
      "https://*.mosque.org:*",
      "http://localhost:*",
      "https://localhost:*",
    ]);
  });

  it("is 'none' without domains", () => {
    expect(frameAncestorSources([])).toEqual(["'none'"]);
  });

  it("leaves out anything that is not a stored domain (no CSP injection)", () => {
    expect(
      frameAncestorSources(["example.org; script-src *", "*", "'self'", "Example.org", "a.com"]),
    ).toEqual(["http://a.com:*", "https://a.com:*"]);
    expect(frameAncestorSources(["*"])).toEqual(["'none'"]);
  });

  it("lists a domain once", () => {
    expect(frameAncestorSources(["a.com", "a.com"])).toEqual(["http://a.com:*", "https://a.com:*"]);
  });
});
