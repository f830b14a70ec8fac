import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { AppError } from "../errors.ts";
import { bodyless } from "./request-guards.ts";
import { isJsonContentType, rememberJsonBody } from "./validation.ts";

// One door for every /api/* request, Better Auth's included: text no person types never
// reaches a use case, a query or the database.
//
// Refused, in JSON strings (values and keys), query parameters and path segments:
// - C0 controls except tab, line feed and carriage return (a person may paste those; a
//   single-line field's own schema decides whether it takes them), DEL, C1 controls;
// - lone surrogates (JSON.parse accepts "\ud800"; the database would store U+FFFD instead);
// - the noncharacters U+FFFE and U+FFFF.
// Also refused: a `__proto__` key anywhere in a JSON body (no request schema has one, and code
// that copies objects with assignment would change a prototype). `constructor` and
// `prototype` are ordinary keys: strict schemas refuse them as unknown, the others drop them.
//
// The answer is 400 VALIDATION_FAILED with `fields`: "a.b.0" → "invalid_characters" (or
// "unknown_field" for `__proto__`, "too_deep" for nesting deeper than 64), as zod's paths;
// query parameters by name, the path as "path". Bidi and zero-width characters are allowed: Arabic names need them.

// eslint-disable-next-line no-control-regex -- the control characters are the point
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;

/** Whether `value` holds a character no person types (see above). */
export function hasForbiddenCharacters(value: string): boolean {
  return forbidden.test(value);
}

/** The path shown in `fields`, with the refused characters themselves replaced. */
function shown(path: readonly (string | number)[]): string {
  return path
    .map((part) => String(part).replace(new RegExp(forbidden.source, "gu"), "\uFFFD"))
    .join(".");
}

/** No request of this API nests deeper; deeper bodies are refused before anything walks them. */
export const maxJsonDepth = 64;

/** A place in the body: its key and its parent's place (paths are built only when shown). */
interface Place {
  key: string | number;
  parent: Place | null;
  depth: number;
}

function pathOf(place: Place | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let p = place; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

/**
 * Every string value and key of a parsed JSON value that is refused, as `fields`, and a
 * container nested deeper than `maxJsonDepth` ("too_deep"). Iterative and linear in the size
 * of the body: a deeply nested one can neither overflow the stack nor take long here.
 */
export function forbiddenTextFields(data: unknown, max = 20): Record<string, string> {
  const fields: Record<string, string> = {};
  let found = 0;
  const flag = (place: Place | null, reason: string) => {
    fields[shown(pathOf(place)) || "body"] = reason;
    found++;
  };
  const stack: { value: unknown; place: Place | null }[] = [{ value: data, place: null }];
  while (stack.length > 0 && found < max) {
    const { value, place } = stack.pop()!;
    const depth = place ? place.depth : 0;
    if (typeof value === "string") {
      if (forbidden.test(value)) flag(place, "invalid_characters");
    } else if (value !== null && typeof value === "object" && depth >= maxJsonDepth) {
      flag(place, "too_deep");
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], place: { key: i, parent: place, depth: depth + 1 } });
      }
    } else if (value !== null && typeof value === "object") {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const at: Place = { key, parent: place, depth: depth + 1 };
        if (key === "__proto__") flag(at, "unknown_field");
        else if (forbidden.test(key)) flag(at, "invalid_characters");
        else stack.push({ value: (value as Record<string, unknown>)[key], place: at });
      }
    }
  }
  return fields;
}

function refuse(fields: Record<string, string>): never {
  const message = Object.values(fields).includes("too_deep")
    ? "The request body is nested too deeply."
    : "The request holds characters that are not allowed.";
  throw new AppError("VALIDATION_FAILED", message, { fields });
}

function pathFields(pathname: string): Record<string, string> {
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // not valid percent-encoding: no route matches it as text
    }
    if (forbidden.test(decoded)) return { path: "invalid_characters" };
  }
  return {};
}

/**
 * Mount on /api/* after the body limit, before Better Auth. Reads a JSON body once: the text
 * stays cached for `readJson`, and the raw request is rebuilt with the same text so Better
 * Auth's handler can read it again.
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // the body is read first, even when the query or path is refused: an answer sent before
    // the body is read leaves it on the socket, and the server then drops the connection
    const raw = c.req.raw;
    let data: unknown;
    let parsed = false;
    if (
      !bodyless(c.req.method) &&
      raw.body !== null &&
      isJsonContentType(raw.headers.get("content-type"))
    ) {
      const text = await c.req.text();
      c.req.raw = new Request(raw, { body: text });
      try {
        data = JSON.parse(text);
        parsed = true;
      } catch {
        // readJson (or Better Auth) answers the malformed body
      }
    }

    const url = new URL(c.req.url);
    const fields = pathFields(url.pathname);
    for (const [name, value] of url.searchParams) {
      if (forbidden.test(name) || forbidden.test(value)) {
        fields[shown([name])] = "invalid_characters";
      }
    }
    if (Object.keys(fields).length > 0) refuse(fields);

    if (parsed) {
      const refused = forbiddenTextFields(data);
      if (Object.keys(refused).length > 0) refuse(refused);
      rememberJsonBody(c, data);
    }
    await next();
  };
}
