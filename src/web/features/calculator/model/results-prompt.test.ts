// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { USER_DATA_KEYS } from "~/lib/storage-keys";
import { initialDraft } from "./draft";
import {
  forgetResultsPrompt,
  isPristineDraft,
  rememberResultsPromptShown,
  RESULTS_PROMPT_KEY,
  resultsPromptShown,
  resultsPromptToOpen,
  type ResultsPromptState,
} from "./results-prompt";
import type { ServerLink } from "./saved";

const base: ResultsPromptState = {
  session: "signed-in",
  ready: true,
  hasResult: true,
  link: null,
  workspaceId: "ws-1",
  shown: false,
};
const link: ServerLink = {
  workspaceId: "ws-1",
  id: "0b5e8a5e-5d1c-4f5e-9a53-8f9c1c2d3e4f",
  version: 1,
  name: "Zakat",
  isCompleted: true,
  calculationDate: "2026-11-21",
};

beforeEach(() => localStorage.clear());

describe("which prompt the results step opens", () => {
  it("offers a signed-in person to update the dashboard, a guest to create an account", () => {
    expect(resultsPromptToOpen(base)).toBe("dashboard");
    expect(resultsPromptToOpen({ ...base, session: "signed-out", workspaceId: null })).toBe(
      "guest",
    );
  });

  it("opens nothing once shown, without a result, before it is ready or the session known", () => {
    expect(resultsPromptToOpen({ ...base, shown: true })).toBeNull();
    expect(resultsPromptToOpen({ ...base, session: "signed-out", shown: true })).toBeNull();
    expect(resultsPromptToOpen({ ...base, hasResult: false })).toBeNull();
    expect(resultsPromptToOpen({ ...base, ready: false })).toBeNull();
    expect(resultsPromptToOpen({ ...base, session: "loading" })).toBeNull();
  });

  it("opens nothing for a saved calculation (auto-saved) or without a workspace", () => {
    expect(resultsPromptToOpen({ ...base, link })).toBeNull();
    expect(resultsPromptToOpen({ ...base, workspaceId: null })).toBeNull();
  });
});

describe("once per calculation", () => {
  it("is remembered in this browser and forgotten for a new calculation", () => {
    expect(resultsPromptShown()).toBe(false);
    rememberResultsPromptShown();
    expect(resultsPromptShown()).toBe(true);
    forgetResultsPrompt();
    expect(resultsPromptShown()).toBe(false);
  });

  it("is user data, cleared on sign-out", () => {
    expect(USER_DATA_KEYS).toContain(RESULTS_PROMPT_KEY);
  });

  it("knows a calculation not started yet", () => {
    const d = initialDraft("en");
    expect(isPristineDraft(d)).toBe(true);
    // the settings and the step are not entries
    expect(
      isPristineDraft({ ...d, step: "liabilities", settings: { ...d.settings, currency: "USD" } }),
    ).toBe(true);
    expect(isPristineDraft({ ...d, assetSelection: { ...d.assetSelection, cash: true } })).toBe(
      false,
    );
    expect(
      isPristineDraft({ ...d, liabilitySelection: { ...d.liabilitySelection, mortgage: true } }),
    ).toBe(false);
    expect(isPristineDraft({ ...d, amounts: { ...d.amounts, gold: "1" } })).toBe(false);
    expect(
      isPristineDraft({
        ...d,
        bankAccounts: [{ id: "a", preset: "savings", customLabel: "", text: "" }],
      }),
    ).toBe(false);
  });
});
