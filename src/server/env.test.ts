import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

const secret = "s".repeat(32);

describe("parseEnv", () => {
  it.each([
    {
      name: "defaults",
      input: {},
      check: {
        PORT: 3000,
        HOST: "127.0.0.1",
        DATA_DIR: "./data",
        BASE_URL: "http://localhost:3000",
        BODY_LIMIT_BYTES: 262144,
        TRUST_PROXY: false,
        PRICES_TTL_SECONDS: 3600,
        PRICES_TIMEOUT_MS: 3000,
        PRICES_PROVIDER: "gold-api",
        GOLD_API_BASE_URL: "https://api.gold-api.com",
        PASSWORD_HASH_COST: "owasp",
      },
    },
    {
      name: "metrics on a loopback port of its own, or with a token",
      input: { METRICS_PORT: "9464", METRICS_TOKEN: "t".repeat(32) },
      check: { METRICS_PORT: 9464, METRICS_TOKEN: "t".repeat(32) },
    },
    {
      name: "the tests' cheap password hashing, under NODE_ENV=test",
      input: { NODE_ENV: "test", PASSWORD_HASH_COST: "test" },
      check: { NODE_ENV: "test", PASSWORD_HASH_COST: "test" },
    },
    {
      name: "a price provider named",
      input: { PRICES_PROVIDER: "none", GOLD_API_BASE_URL: "http://127.0.0.1:9999" },
      check: { PRICES_PROVIDER: "none", GOLD_API_BASE_URL: "http://127.0.0.1:9999" },
    },
    {
      name: "port moves the base URL",
      input: { PORT: "4000" },
      check: { PORT: 4000, BASE_URL: "http://localhost:4000" },
    },
    {
      name: "explicit base URL, trailing slash dropped",
      input: { BASE_URL: "https://hawl.app/" },
      check: { BASE_URL: "https://hawl.app" },
    },
    {
      name: "empty values mean unset",
      input: { DATABASE_URL: "", SMTP_URL: "", PRICES_URL: "" },
      check: { DATABASE_URL: undefined, SMTP_URL: undefined, PRICES_URL: undefined },
    },
    {
      name: "postgres URL",
      input: { DATABASE_URL: "postgres://u@h/db" },
      check: { DATABASE_URL: "postgres://u@h/db" },
    },
    { name: "trust proxy", input: { TRUST_PROXY: "1" }, check: { TRUST_PROXY: true } },
    {
      name: "price feed",
      input: {
        PRICES_URL: "https://prices.example.org/v1/metals.json?key=k",
        PRICES_TTL_SECONDS: "900",
        PRICES_TIMEOUT_MS: "1500",
      },
      check: {
        PRICES_PROVIDER: "feed",
        PRICES_URL: "https://prices.example.org/v1/metals.json?key=k",
        PRICES_TTL_SECONDS: 900,
        PRICES_TIMEOUT_MS: 1500,
      },
    },
  ])("$name", ({ input, check }) => {
    const env = parseEnv({ BETTER_AUTH_SECRET: secret, ...input });
    expect(env).toMatchObject(check);
  });

  it.each([
    { input: { PORT: "http" }, variable: "PORT" },
    { input: { PORT: "70000" }, variable: "PORT" },
    { input: { DATABASE_URL: "mysql://x" }, variable: "DATABASE_URL" },
    { input: { SMTP_URL: "mail.example.com" }, variable: "SMTP_URL" },
    { input: { NODE_ENV: "staging" }, variable: "NODE_ENV" },
    { input: { BASE_URL: "not a url" }, variable: "BASE_URL" },
    { input: { BETTER_AUTH_SECRET: "short" }, variable: "BETTER_AUTH_SECRET" },
    { input: { PRICES_URL: "ftp://prices.example.org/x.json" }, variable: "PRICES_URL" },
    { input: { PRICES_URL: "prices.json" }, variable: "PRICES_URL" },
    { input: { PRICES_TTL_SECONDS: "0" }, variable: "PRICES_TTL_SECONDS" },
    { input: { PRICES_PROVIDER: "metals" }, variable: "PRICES_PROVIDER" },
    { input: { PRICES_PROVIDER: "feed" }, variable: "PRICES_URL" },
    { input: { GOLD_API_BASE_URL: "api.gold-api.com" }, variable: "GOLD_API_BASE_URL" },
    { input: { PRICES_TIMEOUT_MS: "10" }, variable: "PRICES_TIMEOUT_MS" },
    { input: { PRICES_TIMEOUT_MS: "soon" }, variable: "PRICES_TIMEOUT_MS" },
    {
      input: { NODE_ENV: "production", BETTER_AUTH_SECRET: undefined },
      variable: "BETTER_AUTH_SECRET",
    },
    { input: { PASSWORD_HASH_COST: "cheap" }, variable: "PASSWORD_HASH_COST" },
    // the test suites' cheap password hashing is honoured under NODE_ENV=test only
    {
      input: { NODE_ENV: "production", PASSWORD_HASH_COST: "test" },
      variable: "PASSWORD_HASH_COST",
    },
    {
      input: { NODE_ENV: "development", PASSWORD_HASH_COST: "test" },
      variable: "PASSWORD_HASH_COST",
    },
    { input: { PASSWORD_HASH_COST: "test" }, variable: "PASSWORD_HASH_COST" },
    // a guessable token would open /metrics to anyone (decision 062)
    { input: { METRICS_TOKEN: "t".repeat(31) }, variable: "METRICS_TOKEN" },
    { input: { METRICS_PORT: "3000" }, variable: "METRICS_PORT" },
    { input: { METRICS_PORT: "70000" }, variable: "METRICS_PORT" },
  ])("refuses a bad $variable with a message naming it", ({ input, variable }) => {
    expect(() => parseEnv({ BETTER_AUTH_SECRET: secret, ...input })).toThrow(EnvError);
    expect(() => parseEnv({ BETTER_AUTH_SECRET: secret, ...input })).toThrow(
      new RegExp(`^Invalid environment:\\n  ${variable}: `),
    );
  });

  it("outside production, makes a secret once and keeps it beside the data", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hawl-env-"));
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.BETTER_AUTH_SECRET).toHaveLength(64);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
    expect(readFileSync(path.join(dir, ".auth-secret"), "utf8")).toBe(first.BETTER_AUTH_SECRET);
  });
});
