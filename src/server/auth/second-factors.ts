import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { passkey as passkeyTable } from "../db/schema.ts";

// Decision 071: passkeys (WebAuthn) and two-factor codes (TOTP, RFC 6238) are Better Auth's
// plugins; only the routes declared in contracts/endpoints/auth.ts reach them (decision 047).
// What Hawl adds around them lives in second-factor-hooks.ts.

/** Two-factor sign-in challenges last ten minutes; a trusted device thirty days. */
export const twoFactorChallengeSeconds = 600;
export const trustDeviceSeconds = 30 * 24 * 3600;

export function secondFactorPlugins({ env, database }: Pick<AppDeps, "env" | "database">) {
  const base = new URL(env.BASE_URL);
  return [
    twoFactor({
      issuer: "Hawl",
      twoFactorCookieMaxAge: twoFactorChallengeSeconds,
      trustDeviceMaxAge: trustDeviceSeconds,
      // ten codes of ten characters, stored encrypted; each works once
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
      // Code guesses count in Hawl's sign-in budget per account and address, which spares the
      // owner's trusted browser (second-factor-hooks.ts); Better Auth's own per-account lock
      // would let anyone who has the password lock the owner out.
      accountLockout: { enabled: false },
    }),
    passkey({
      // the relying party is this site: its host name and its origin, nothing else
      rpID: base.hostname,
      rpName: "Hawl",
      origin: base.origin,
      authentication: {
        async afterVerification({ clientData }) {
          await database.db
            .update(passkeyTable)
            .set({ lastUsedAt: new Date() })
            .where(eq(passkeyTable.credentialID, clientData.id));
        },
      },
    }),
    // Better Auth merges plugins' fields per table: this one makes it read and return the
    // column (its passkey schema has no "last used")
    {
      id: "hawl-passkey-last-used",
      schema: {
        passkey: { fields: { lastUsedAt: { type: "date", required: false, input: false } } },
      },
    } satisfies BetterAuthPlugin,
  ];
}
