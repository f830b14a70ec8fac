import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages as appLanguages } from "#domain/language.ts";

// WCAG 2.5.3 "Label in Name" (issue 30): a button that shows a short label ("Accept") and names
// itself longer for screen readers ("Accept the invitation to …") must say the shown words, in
// order, inside its name: someone who speaks the label to voice control must hit the button.
// The check is axe's (label-content-name-mismatch): the label's words are a run of the name's
// words, after axe's lower-casing and splitting, which cuts words at accents (so "İptal", whose
// lower case is "i̇ptal", is not "iptal"). Each pair is the visible text and the aria-label a
// component gives the same button.

const localesDir = path.resolve(import.meta.dirname, "../../locales");
const languages = appLanguages;

/** [namespace, visible label key, accessible name key] */
const pairs: readonly (readonly [string, string, string])[] = [
  ["history", "item.load", "item.loadNamed"],
  ["history", "item.delete", "item.deleteNamed"],
  ["calendar-feeds", "revoke", "revokeNamed"],
  ["workspaces", "received.accept", "received.acceptNamed"],
  ["workspaces", "received.decline", "received.declineNamed"],
  ["workspaces", "settings.cancelInvitation", "settings.cancelInvitationNamed"],
  ["workspaces", "settings.makeOwner", "settings.makeOwnerNamed"],
  ["workspaces", "settings.stepDown", "settings.stepDownNamed"],
  ["workspaces", "settings.remove", "settings.removeNamed"],
  ["tracker", "records.markPaid", "records.markPaidFor"],
  ["tracker", "records.delete", "records.deleteFor"],
  ["calculator", "sessions.openAction", "sessions.openNamed"],
  ["calculator", "sessions.rename", "sessions.renameNamed"],
  ["calculator", "sessions.delete", "sessions.deleteNamed"],
  ["embed", "manager.card.delete", "manager.card.deleteNamed"],
  ["calendar", "delete.button", "delete.named"],
];

function text(lang: string, namespace: string, key: string): string {
  let value: unknown = JSON.parse(
    readFileSync(path.join(localesDir, lang, `${namespace}.json`), "utf8"),
  );
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`${lang}/${namespace}:${key} is not a text`);
  return value;
}

/**
 * The words of a text as axe compares them: lower case (not the language's: "İ" becomes "i̇"),
 * then decomposed, cut at everything but letters and digits (accents included); no values.
 */
export function words(value: string): string[] {
  return value
    .replace(/\{\{[^}]*\}\}/g, " ")
    .toLowerCase()
    .normalize("NFKD")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function labelInName(label: string, name: string): boolean {
  const shown = words(label);
  const spoken = words(name);
  for (let i = 0; i + shown.length <= spoken.length; i++) {
    if (shown.every((word, j) => spoken[i + j] === word)) return true;
  }
  return false;
}

describe("accessible names contain the visible label (WCAG 2.5.3)", () => {
  it("compares words in order, as axe does", () => {
    expect(labelInName("Accept", "Accept the invitation to “{{name}}”")).toBe(true);
    expect(labelInName("Make owner", "Make owner: {{name}}")).toBe(true);
    expect(labelInName("Make owner", "Make {{name}} an owner")).toBe(false);
    expect(labelInName("Accepteren", "Accepteer de uitnodiging voor ‘{{name}}’")).toBe(false);
    expect(labelInName("Révoquer", "révoquer le lien")).toBe(true);
    expect(labelInName("Révoquer", "revoquer le lien")).toBe(false);
    // Turkish: the dotted capital's lower case is i + a dot, which axe reads as another word
    expect(labelInName("İptal et", "Daveti iptal et: {{email}}")).toBe(false);
    expect(labelInName("İptal et", "İptal et: {{email}} daveti")).toBe(true);
  });

  for (const lang of languages) {
    it(`in ${lang}`, () => {
      const mismatches = pairs
        .map(([namespace, label, name]) => ({
          key: `${namespace}:${name}`,
          label: text(lang, namespace, label),
          name: text(lang, namespace, name),
        }))
        .filter(({ label, name }) => !labelInName(label, name))
        .map(({ key, label, name }) => `${key}: “${name}” lacks “${label}”`);
      expect(mismatches).toEqual([]);
    });
  }
});
