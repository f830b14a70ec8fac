import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors.ts";

/** zod issues → `fields` of the error body: "a.b.0" → message; issues on the root under `root`. */
export function fieldsOf(error: z.ZodError, root = "body"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      const prefix = issue.path.length ? `${issue.path.join(".")}.` : "";
      for (const key of issue.keys) fields[`${prefix}${key}`] ??= "unknown_field";
      continue;
    }
    const key = issue.path.length ? issue.path.map(String).join(".") : root;
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationFailed(error: z.ZodError, root?: string): AppError {
  return new AppError("VALIDATION_FAILED", "Validation failed.", {
    fields: fieldsOf(error, root),
  });
}

export function isJsonContentType(value: string | undefined | null): boolean {
  if (!value) return false;
  const type = value.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const parsedBodies = new WeakMap<object, unknown>();

/** Keeps the request's parsed JSON body for `readJson` (the /api/* text guard parses it first). */
export function rememberJsonBody(c: Context, data: unknown): void {
  parsedBodies.set(c.req, data);
}

/**
 * The request's JSON body, parsed by `schema`: 415 when it is not JSON, 400 MALFORMED_JSON when
 * it does not parse, 400 VALIDATION_FAILED with `fields` when the schema refuses it.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "The request body must be JSON (application/json).",
    );
  }
  let data: unknown;
  if (parsedBodies.has(c.req)) {
    data = parsedBodies.get(c.req);
  } else {
    const text = await c.req.text();
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError("MALFORMED_JSON", "The request body is not valid JSON.");
    }
  }
  const result = await schema.safeParseAsync(data);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

/** Query parameters parsed by `schema` (400 VALIDATION_FAILED on refusal). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationFailed(result.error, "query");
  return result.data;
}
