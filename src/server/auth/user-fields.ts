import { APIError } from "better-auth/api";
import { NAME_MAX, userFieldsSchema } from "../../contracts/user-fields.ts";

// The user row's name and image, checked before Better Auth writes them (sign-up, and
// update-user should it be declared again): the rules of PATCH /api/me (contracts/user-fields.ts,
// decision 047). Both ride in the signed session cookie, so an unbounded name would make every
// answer carry it.

/** The Better Auth routes that write the user's name or image. */
export const userWritingPaths = new Set(["/sign-up/email", "/update-user"]);

/**
 * The body with its name and image as they will be stored (trimmed), or an APIError 400:
 * NAME_TOO_LONG, INVALID_IMAGE_URL. A name that is not text is left to Better Auth's own check.
 */
export function checkedUserFields(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  const given = {
    ...(typeof fields.name === "string" ? { name: fields.name } : {}),
    ...("image" in fields ? { image: fields.image } : {}),
  };
  const parsed = userFieldsSchema.safeParse(given);
  if (parsed.success) {
    const { name, image } = parsed.data;
    return {
      ...fields,
      ...(name !== undefined ? { name } : {}),
      // no picture is null, as Better Auth stores it
      ...(image !== undefined ? { image: image || null } : {}),
    };
  }
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (wrong.has("name")) {
    throw APIError.from("BAD_REQUEST", {
      code: "NAME_TOO_LONG",
      message: `Name must be at most ${NAME_MAX} characters long.`,
    });
  }
  throw APIError.from("BAD_REQUEST", {
    code: "INVALID_IMAGE_URL",
    message: "The picture must be an http or https address of at most 2000 characters.",
  });
}
