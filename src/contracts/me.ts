import { z } from "zod";
import { planIds } from "../domain/plans.ts";

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

// Empty (or blank) strings are stored as null (spec §5 "Profile"); null clears too.
const blankToNull = (s: string) => (s === "" ? null : s);

export const updateMeRequestSchema = z
  .object({
    fullName: z.string().trim().max(200, "too_long").transform(blankToNull).nullable().optional(),
    avatarUrl: z
      .string()
      .trim()
      .max(2000, "too_long")
      .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "invalid_url" })]))
      .transform(blankToNull)
      .nullable()
      .optional(),
  })
  // unknown keys (e-mail among them: it is not editable here) are a 400
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;
