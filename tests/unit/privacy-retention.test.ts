import { describe, expect, it } from "vitest";
import en from "../../locales/en/legal.json" with { type: "json" };
import { defaultAuthRateLimits } from "../../src/server/auth/auth.ts";
import { defaultSignInLimits } from "../../src/server/auth/sign-in-failures.ts";
import { parseEnv } from "../../src/server/env.ts";
import { recipientMailLimits } from "../../src/server/mail/recipient-cap.ts";
import { rateLimitRowLifetimeMs } from "../../src/server/services/prune-expired-records.ts";
import { BACKUP_RETENTION_DAYS } from "../../src/web/app/site.ts";

// The privacy page states how long the server keeps what it counts (issue 30): these periods
// are the code's, and a change there must change the page too.

const kept = en.privacy.retention.items;

describe("privacy page retention periods", () => {
  it("e-mail send times: kept for the per-address window, one hour", () => {
    expect(recipientMailLimits.windowSeconds).toBe(3600);
    expect(kept.mail).toMatch(/an hour old/);
  });

  it("failed sign-ins: kept for their window, one hour", () => {
    const windows = Object.values(defaultSignInLimits).map((limit) => limit.windowSeconds);
    expect(Math.max(...windows)).toBe(3600);
    expect(kept.signIn).toMatch(/one-hour window/);
  });

  it("request counts per address: one-minute windows, rows pruned within a day", () => {
    const windows = Object.values(defaultAuthRateLimits).map((limit) => limit.window);
    expect(Math.max(...windows)).toBe(60);
    expect(rateLimitRowLifetimeMs).toBe(24 * 3600 * 1000);
    expect(kept.addresses).toMatch(/for a minute/);
    expect(kept.addresses).toMatch(/within a day/);
    expect(kept.sessions).toMatch(/deleted within a day/);
  });

  it("backups: the page's default period is the server's BACKUP_KEEP_DAYS default", () => {
    const env = parseEnv({ BASE_URL: "http://localhost:3000" });
    expect(BACKUP_RETENTION_DAYS).toBe(env.BACKUP_KEEP_DAYS);
  });
});
