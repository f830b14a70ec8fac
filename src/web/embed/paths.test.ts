import { describe, expect, it } from "vitest";
import { localizedPath, languages } from "~/app/route-table";
import { sitePath } from "./paths";

describe("sitePath", () => {
  it("is the page's path in every language", () => {
    for (const lang of languages) {
      for (const page of ["calculator", "embed-manager"] as const) {
        expect(sitePath(lang, page)).toBe(localizedPath(lang, page));
      }
    }
  });
});
