import { statementListSchema, statementQuerySchema } from "../statements.ts";
import { endpoint } from "./types.ts";

// The zakat statement (issue 33, decision 063): the years a workspace has, and one year's PDF.
export const listStatements = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/statements",
  summary:
    "The zakat years of the timeline (unbroken thresholds), newest due date first, each with " +
    "the completed calculation its statement rests on (the one dated nearest to the due " +
    "date), and whether the plan includes statements (Standard and Pro). Any member",
  tag: "tracker",
  auth: "session",
  responses: { 200: { description: "The years", schema: statementListSchema } },
  errors: [404],
});

export const getStatementPdf = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/statements/{year}.pdf",
  summary:
    "The zakat statement of the year due on `year` (YYYY-MM-DD) as an A4 PDF: the year with " +
    "Gregorian and Hijri dates, the calculation's lines with conversions, nisab, rate, zakat " +
    "due, the year's timeline, payments and what is left. 404 NOT_FOUND for an unknown year, " +
    "404 STATEMENT_NO_CALCULATION when the year has no completed calculation, 409 " +
    "STATEMENT_CALCULATION_NOT_IN_YEAR when `calculation` is a draft or another year's, 404 " +
    "NOT_FOUND when the workspace has no such calculation, 403 PLAN_LIMIT_REACHED on the free " +
    "plan. Any member",
  tag: "tracker",
  auth: "session",
  query: statementQuerySchema,
  responses: {
    200: { description: "application/pdf attachment", mediaType: "application/pdf" },
  },
  errors: [403, 404, 409],
});

export const statementEndpoints = [listStatements, getStatementPdf];
