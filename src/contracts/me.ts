import { z } from "zod";

export const planSchema = z.enum(["free", "standard", "pro"]);
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

// Empty strings are stored as null (spec §5 "Profile").
const emptyToNull = (schema: z.ZodType<string>) =>
  z.union([z.literal("").transform(() => null), schema, z.null()]);

export const updateMeRequestSchema = z
  .object({
    fullName: emptyToNull(z.string().trim().max(200)).optional(),
    avatarUrl: emptyToNull(z.url({ protocol: /^https?$/ }).max(2000)).optional(),
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;
