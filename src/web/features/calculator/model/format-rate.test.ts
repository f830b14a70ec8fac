import { describe, expect, it } from "vitest";
import { formatRate } from "./format-rate";

// issue 30: a rate was shown as "1.3157356251"
describe("formatRate", () => {
  it("shows six significant digits in the page's language", () => {
    expect(formatRate("1.3157356251", "en")).toBe("1.31574");
    expect(formatRate("1.3157356251", "fr")).toBe("1,31574");
    expect(formatRate("1.3157356251", "nl")).toBe("1,31574");
    expect(formatRate("0.0923456789", "en")).toBe("0.0923457");
  });

  it("keeps short rates as typed and whole units whole", () => {
    expect(formatRate("1.08", "en")).toBe("1.08");
    expect(formatRate("10", "en")).toBe("10");
    expect(formatRate("1234567.89", "en")).toBe("1,234,568");
  });
});
