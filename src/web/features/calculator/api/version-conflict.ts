import { ApiError } from "~/lib/api-client";
import type { Calculation } from "#contracts/calculations.ts";

// Apart from calculations-api.ts, whose schemas (zod's full API) the calculator loads only when
// it saves or opens a saved calculation (decision 035).

/** 409 VERSION_CONFLICT: someone saved this calculation since it was read here. */
export class VersionConflictError extends ApiError {
  constructor(
    message: string,
    readonly current: Calculation,
  ) {
    super(409, "VERSION_CONFLICT", message);
  }
}
