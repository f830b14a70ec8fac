import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "#locales/en/common.json";
import fr from "#locales/fr/common.json";
import { signUpRequestSchema } from "../../../contracts/auth";
import { createEmbedConfigRequestSchema } from "../../../contracts/embed";
import { inviteRequestSchema, renameWorkspaceRequestSchema } from "../../../contracts/workspaces";
import { imageUrlSchema } from "../../../contracts/user-fields";
import { messageOf, refusalOf } from "./messages";

const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  ns: ["common"],
  defaultNS: "common",
  resources: { en: { common: en }, fr: { common: fr } },
});
const en_t = i18n.getFixedT("en", "common");
const fr_t = i18n.getFixedT("fr", "common");

function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a refusal");
  return result.error.issues[0]!;
}

describe("refusalOf: the contract's token, else zod's code", () => {
  it.each([
    [
      "a blank name (the contract says required)",
      renameWorkspaceRequestSchema,
      { name: "  " },
      "required",
      {},
    ],
    [
      "a long name, with its limit",
      renameWorkspaceRequestSchema,
      { name: "x".repeat(101) },
      "too_long",
      { max: 100 },
    ],
    [
      "zod's own e-mail check",
      signUpRequestSchema.pick({ email: true }),
      { email: "nope" },
      "invalid_email",
      {},
    ],
    ["the invitation's e-mail token", inviteRequestSchema, { email: "nope" }, "invalid_email", {}],
    ["a missing field", z.object({ a: z.string() }), {}, "required", {}],
    ["a short string", z.object({ a: z.string().min(3) }), { a: "x" }, "too_short", { min: 3 }],
    ["a non-empty string", z.object({ a: z.string().min(1) }), { a: "" }, "required", { min: 1 }],
    ["a small number", z.object({ a: z.number().min(5) }), { a: 1 }, "too_small", { min: 5 }],
    ["a url", z.object({ a: z.url() }), { a: "nope" }, "invalid_url", {}],
  ] as const)("%s", (_, schema, value, reason, params) => {
    const refusal = refusalOf(
      firstIssue(schema as z.ZodType, value) as Parameters<typeof refusalOf>[0],
    );
    expect(refusal.reason).toBe(reason);
    expect(refusal.params).toMatchObject(params);
  });

  it("the server's field token is the reason itself", () => {
    expect(refusalOf({ message: "invalid_characters" })).toEqual({
      reason: "invalid_characters",
      params: {},
    });
  });

  it("a camel-case token is one too, from the schema or the server (the embed's nameRequired)", () => {
    const schema = createEmbedConfigRequestSchema.pick({ name: true });
    expect(refusalOf(firstIssue(schema, { name: "  " }) as never).reason).toBe("nameRequired");
    expect(refusalOf({ message: "domainRequired" }).reason).toBe("domainRequired");
    expect(refusalOf({ message: "Invalid input" }).reason).toBe("invalid");
  });
});

describe("messageOf: the reason in the reader's language", () => {
  it("says the limit of the schema, in en and fr", () => {
    const refusal = refusalOf(
      firstIssue(renameWorkspaceRequestSchema, { name: "x".repeat(101) }) as never,
    );
    expect(messageOf(en_t, "name", refusal)).toBe("Enter at most 100 characters.");
    expect(messageOf(fr_t, "name", refusal)).toBe("Saisissez au plus 100 caractères.");
  });

  it("a picture's address refused by the contract", () => {
    const refusal = refusalOf(firstIssue(imageUrlSchema, "javascript:alert(1)") as never);
    expect(messageOf(en_t, "image", refusal)).toBe(en.form.invalid_url);
  });

  it("a server token without its limit, or one it does not know, says the general text", () => {
    expect(messageOf(en_t, "name", { reason: "too_long", params: {} })).toBe(en.form.invalid);
    expect(messageOf(fr_t, "name", { reason: "unknown_field", params: {} })).toBe(fr.form.invalid);
    expect(messageOf(fr_t, "name", { reason: "invalid_characters", params: {} })).toBe(
      fr.form.invalid_characters,
    );
  });

  it("the form's own text wins, as text or with the limits", () => {
    const own = {
      email: { required: "Enter your e-mail address" },
      pin: { too_short: (p: { min?: number }) => `${p.min}+` },
    };
    expect(messageOf(en_t, "email", { reason: "required", params: {} }, own)).toBe(
      "Enter your e-mail address",
    );
    expect(messageOf(en_t, "pin", { reason: "too_short", params: { min: 6 } }, own)).toBe("6+");
    expect(messageOf(en_t, "other", { reason: "required", params: {} }, own)).toBe(
      en.form.required,
    );
  });
});
