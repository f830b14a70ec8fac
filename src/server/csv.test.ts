import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    // issue 10: full-width and small forms, the minus sign and invisible characters in front
    ['＝HYPERLINK("http://x")', '"\'＝HYPERLINK(""http://x"")"'],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠A1", "'＠A1"],
    ["﹦1", "'﹦1"],
    ["−1", "'−1"],
    ["\u200b=1+1", "'\u200b=1+1"],
    ["\u200dx", "'\u200dx"],
    ["\u2060=1", "'\u2060=1"],
    ["\ufeff=1", "'\ufeff=1"],
    ["\u202e=1", "'\u202e=1"],
  ])("neutralises %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each(["Savings", "1234.56", "2026-05-01", "Zakat 2026", "عائلة", "a=b", "x-y", ""])(
    "leaves %j alone",
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell("\n=1")).toBe('"\'\n=1"');
    expect(csvLine(["a", "=b"])).toBe("a,'=b\r\n");
  });
});
