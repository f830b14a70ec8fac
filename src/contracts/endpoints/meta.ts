import { z } from "zod";
import { healthResponseSchema } from "../health.ts";
import { endpoint } from "./types.ts";

// Health checks and this document.
export const liveness = endpoint({
  method: "get",
  path: "/healthz",
  summary: "Liveness: 200 while the process is up",
  tag: "health",
  auth: "none",
  responses: { 200: { description: "Up", schema: healthResponseSchema } },
});

export const readiness = endpoint({
  method: "get",
  path: "/readyz",
  summary: "Readiness: 200 only when the database answers",
  tag: "health",
  auth: "none",
  responses: {
    200: { description: "Ready", schema: healthResponseSchema },
    503: { description: "Database unreachable", schema: healthResponseSchema },
  },
});

export const openApiDocument = endpoint({
  method: "get",
  path: "/api/openapi.json",
  summary: "This document",
  tag: "meta",
  auth: "none",
  responses: { 200: { description: "OpenAPI 3.1 document", schema: z.object({}).loose() } },
});

export const metaEndpoints = [liveness, readiness, openApiDocument];
