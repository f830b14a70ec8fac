import { describe, expect, it } from "vitest";
import { getStatementPdf } from "#contracts/endpoints/statements.ts";
import { statementPdfPath } from "./statements-api";

describe("statements api", () => {
  it("links the PDF at the path the contract declares", () => {
    expect(statementPdfPath).toBe(getStatementPdf.path);
  });
});
