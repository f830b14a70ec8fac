import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface EndpointResponse {
  description: string;
  /** JSON body; omitted for empty answers, redirects and non-JSON answers (say so in the description) */
  schema?: z.ZodType;
  /** the media type of a non-JSON body (documented as a string of that type) */
  mediaType?: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI path template: `/api/workspaces/{ws}` */
  path: string;
  summary: string;
  tag:
    | "health"
    | "auth"
    | "account"
    | "workspaces"
    | "meta"
    | "prices"
    | "calculator"
    | "tracker"
    | "embeds";
  /** session: needs the session cookie (401 without); none: anyone */
  auth: "session" | "none";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** named example bodies, shown under the request body */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  responses: Record<number, EndpointResponse>;
  /** statuses answered with the error shape of API.md; 400/401/403 cross-site/413/415/503 are added where they apply */
  errors?: number[];
  /** Better Auth's own routes answer errors in its own shape */
  betterAuth?: boolean;
}
