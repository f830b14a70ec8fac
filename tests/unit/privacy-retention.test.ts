import { describe, expect, it } from "vitest";
import en from "../../locales/en/legal.json" with { type: "json" };
import { defaultSignInLimits } from "../../src/server/auth/sign-in-failures.ts";
import { recipientMailLimits } from "../../src/server/mail/recipient-cap.ts";

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
});
