import { z } from "zod";

// What a person's record holds besides the e-mail: the name and the picture's address. One set
// of rules for every route that writes them — sign-up and Better Auth's update-user (the user
// row, whose name and image also ride in every signed session cookie) and PATCH /api/me (the
// profile) — so none takes a name of any length or a `javascript:` address (issue 28,
// decision 047).

export const NAME_MAX = 200;
export const IMAGE_URL_MAX = 2000;

/** A display name: trimmed, at most NAME_MAX characters ("" allowed: no name). */
export const personNameSchema = z.string().trim().max(NAME_MAX, "too_long");

/** A picture's address: trimmed, http(s) only, at most IMAGE_URL_MAX characters ("" allowed). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX, "too_long")
  .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "invalid_url" })]));

/** The user row's own fields as sign-up and update-user take them (Better Auth's names). */
export const userFieldsSchema = z.object({
  name: personNameSchema.optional(),
  image: imageUrlSchema.nullable().optional(),
});
export type UserFields = z.infer<typeof userFieldsSchema>;
