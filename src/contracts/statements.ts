import { z } from "zod";
import { languages } from "../domain/language.ts";

// The zakat statement (issue 33, decision 063): one PDF per workspace and zakat year. A year is
// identified by its due date; `hijriYear` is how people name it ("the 1447 AH statement").

export const statementYearSchema = z.object({
  due: z.iso.date().meta({ description: "The day zakat fell (or falls) due: the year's id" }),
  start: z.iso.date().meta({ description: "The day wealth reached nisab" }),
  hijriYear: z.number().int().meta({ description: "The Umm al-Qura year of the due date" }),
  calculationId: z
    .uuid()
    .nullable()
    .meta({ description: "The completed calculation the statement rests on; null: none yet" }),
  calculationDate: z.iso.date().nullable(),
  calculations: z
    .array(z.object({ id: z.uuid(), name: z.string(), calculationDate: z.iso.date() }))
    .meta({
      description:
        "The year's completed calculations (those dated nearer to its due date than to " +
        "another year's), the default first: the ones `?calculation=` accepts",
    }),
});
export type StatementYearDto = z.infer<typeof statementYearSchema>;

export const statementListSchema = z.object({
  /** newest due date first */
  years: z.array(statementYearSchema),
  /** whether the reader's plan (or an owner's) includes statements */
  included: z.boolean(),
});
export type StatementList = z.infer<typeof statementListSchema>;

export const statementQuerySchema = z.object({
  lang: z.enum(languages).optional().meta({
    description: "The statement's language; else x-hawl-language, Accept-Language, English",
  }),
  calculation: z
    .uuid()
    .optional()
    .meta({
      description:
        "One of the year's completed calculations (the list's `calculations`) to rest on " +
        "instead of the nearest; 409 STATEMENT_CALCULATION_NOT_IN_YEAR for a draft or another " +
        "year's, 404 NOT_FOUND for one the workspace does not have",
    }),
});
