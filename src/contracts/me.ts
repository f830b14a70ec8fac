import { z } from "zod";
import { languages } from "../domain/language.ts";
import { planIds } from "../domain/plans.ts";
import { imageUrlSchema, personNameSchema } from "./user-fields.ts";

export const planSchema = z.enum(planIds);
export type Plan = z.infer<typeof planSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.email(), emailVerified: z.boolean() }),
  profile: z.object({
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    role: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  plan: planSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/me/plan: the plan and the account's usage against each limit (null: unlimited). */
export const planUsageResponseSchema = z.object({
  plan: planSchema,
  usage: z.array(
    z.object({
      feature: z.enum(["workspaces", "invitations", "embedDomains", "calendarIntegrations"]),
      /** invitations: the fullest owned workspace (the limit is per workspace); null: not counted */
      used: z.number().int().nullable(),
      limit: z.number().int().nullable(),
    }),
  ),
  /** a bought plan's next renewal, or the day it ends (cancelled, or no longer paid) */
  renewsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** plans can be bought online here (Stripe is configured) */
  onlinePayment: z.boolean(),
  /** the account has a Stripe customer: "Manage billing" opens its portal */
  manageable: z.boolean(),
});
export type PlanUsageResponse = z.infer<typeof planUsageResponseSchema>;

// Empty (or blank) strings are stored as null (spec §5 "Profile"); null clears too.
const blankToNull = (s: string) => (s === "" ? null : s);

export const updateMeRequestSchema = z
  .object({
    fullName: personNameSchema.transform(blankToNull).nullable().optional(),
    avatarUrl: imageUrlSchema.transform(blankToNull).nullable().optional(),
  })
  // unknown keys (e-mail among them: it is not editable here) are a 400
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

// ---- Account data export and deletion (issue 10; GDPR articles 15, 17 and 20).

/** The tables of the export: one CSV each (GET /api/me/export.csv?table=…), all in the JSON. */
export const exportTables = [
  "profile",
  "workspaces",
  "members",
  "invitations",
  "calculations",
  "milestones",
  "records",
  "payments",
  "zakatStates",
  "embedConfigs",
  "calendarFeeds",
  "notificationSettings",
  "reminderSends",
] as const;
export type ExportTable = (typeof exportTables)[number];

/**
 * The CSV files: every table of the export, and the asset and liability lines of the
 * calculations, one row per line (the JSON keeps them inside each calculation).
 */
export const exportCsvTables = [
  ...exportTables.slice(0, exportTables.indexOf("calculations") + 1),
  "calculationLines",
  ...exportTables.slice(exportTables.indexOf("calculations") + 1),
] as const;
export type ExportCsvTable = (typeof exportCsvTables)[number];

/** `lang`: the language of the headers and words (else the account's reminder language). */
export const exportCsvQuerySchema = z
  .object({ table: z.enum(exportCsvTables), lang: z.enum(languages).optional() })
  .strict();

export type ExportRow = Record<string, unknown>;

/** GET /api/me/export: everything the account owns or wrote, table by table. */
export const accountExportSchema = z.object({
  format: z.literal("hawl-account-export/1"),
  exportedAt: z.string(),
  tables: z.object(
    Object.fromEntries(
      exportTables.map((t) => [t, z.array(z.record(z.string(), z.unknown()))]),
    ) as {
      [K in ExportTable]: z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    },
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const deleteAccountRequestSchema = z
  .object({ password: z.string().min(1, "required").max(1024, "too_long") })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
