import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { planIds } from "../domain/plans.ts";
import { makeDataDir } from "./db/data-dir.ts";

// Every variable the server reads, with its default. `.env.example` mirrors this list.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    BASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Hawl <no-reply@hawl.localhost>"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024),
    WEB_DIR: z.string().min(1).default("./build/client"),
    // The embed page's own build (docs/decisions/010-embed-lock.md): index.html and assets/.
    EMBED_DIR: z.string().min(1).default("./build/embed"),
    // Where live prices come from (docs/decisions/022-live-prices-currencies-as-of.md):
    // gold-api (keyless, the default), feed (PRICES_URL, decision 005) or none (the last known
    // or shipped prices). Unset with PRICES_URL set: feed, as before.
    PRICES_PROVIDER: z.enum(["gold-api", "feed", "none"]).optional(),
    GOLD_API_BASE_URL: z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
      .default("https://api.gold-api.com"),
    // The price feed (docs/decisions/005-price-feed.md); unset: last known or shipped prices.
    PRICES_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    PRICES_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 60),
    PRICES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    // /dev/outbox on a HOST that is not loopback (it lists sign-in and reset links: only on a
    // machine nobody else reaches). Never with SMTP_URL or in production.
    DEV_OUTBOX: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    // Background jobs (docs/decisions/020-jobs-with-pg-boss.md): 1 works the jobs (e-mail,
    // reminders) in this process; 0 for an API-only instance, which still queues them.
    WORKERS: z
      .enum(["0", "1"], "must be 0 or 1")
      .default("1")
      .transform((v) => v === "1"),
    // The plan of an account that has bought none (docs/decisions/009-invitations.md).
    DEFAULT_PLAN: z.enum(planIds).default("free"),
    // Stripe (docs/decisions/019-stripe-billing.md): online payment is on when the keys and the
    // four price ids are all set. STRIPE_API_URL points the library elsewhere (tests).
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_STANDARD_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_STANDARD_YEARLY: z.string().min(1).optional(),
    STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_PRO_YEARLY: z.string().min(1).optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    // How costly a new password hash is (auth/password.ts): owasp, always in use, or test,
    // argon2id with a thousandth of the work so the test suites sign up hundreds of accounts in
    // little time (decision 036). test is refused unless NODE_ENV=test.
    PASSWORD_HASH_COST: z.enum(["owasp", "test"]).default("owasp"),
    // The daily backup (docs/decisions/060-backups.md): on when BACKUP_DIR is set, which then
    // keeps BACKUP_KEEP_DAYS days of them.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_HASH_COST === "test" && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_COST"],
        message: `test is for the test suites only (NODE_ENV=test), not ${env.NODE_ENV}`,
      });
    }
    if (env.PRICES_PROVIDER === "feed" && !env.PRICES_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PRICES_URL"],
        message: "required with PRICES_PROVIDER=feed",
      });
    }
  })
  .transform((env) => ({
    ...env,
    PRICES_PROVIDER: env.PRICES_PROVIDER ?? (env.PRICES_URL ? "feed" : "gold-api"),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof envSchema> & { BETTER_AUTH_SECRET: string };

export class EnvError extends Error {}

/** Parses the environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.BETTER_AUTH_SECRET) return { ...env, BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET };
  if (env.NODE_ENV === "production") {
    throw new EnvError("Invalid environment:\n  BETTER_AUTH_SECRET: required in production");
  }
  return { ...env, BETTER_AUTH_SECRET: localSecret(env.DATA_DIR) };
}

// Outside production a newcomer has no secret to set: make one once and keep it beside
// the data, so sessions survive restarts.
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  makeDataDir(dataDir);
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
