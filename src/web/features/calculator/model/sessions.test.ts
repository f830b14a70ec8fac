import { describe, expect, it } from "vitest";
import { initialDraft, type Draft } from "./draft";
import type { ServerLink } from "./saved";
import {
  deleteSession,
  ensureCurrent,
  isBlankDraft,
  markCompleted,
  isFull,
  keepCurrent,
  maxSessions,
  openSession,
  renameSession,
  setDocumentTicked,
  uniqueName,
  type CurrentSession,
  type SavedSession,
  type SessionStore,
} from "./sessions";
import { sessionRows, summarize } from "./session-rows";
import { parseSessionStore, serializeSessionStore } from "./sessions-storage";

const now = "2026-11-21T12:00:00.000Z";

function draftWith(cash: string, step: Draft["step"] = "cash"): Draft {
  const d = initialDraft("en");
  return {
    ...d,
    step,
    assetSelection: { ...d.assetSelection, cash: true },
    amounts: { ...d.amounts, cashInHand: cash },
    settings: {
      ...d.settings,
      goldPriceText: "80",
      silverPriceText: "0.95",
      priceSource: "manual",
    },
  };
}

function saved(id: string, name: string, updatedAt: string, draft = draftWith("1")): SavedSession {
  return {
    id,
    name,
    createdAt: updatedAt,
    updatedAt,
    documents: [],
    completed: false,
    draft,
    link: null,
  };
}

const current = (draft: Draft, link: ServerLink | null = null): CurrentSession => ({
  draft,
  link,
  updatedAt: "2026-11-20T09:00:00.000Z",
});

const link: ServerLink = {
  workspaceId: "w",
  id: "11111111-1111-4111-8111-111111111111",
  version: 3,
  name: "Family",
  isCompleted: true,
  calculationDate: "2026-11-01",
};

describe("parseSessionStore", () => {
  const good = saved("local_a", "First", "2026-11-01T00:00:00.000Z");
  const raw = (sessions: unknown[], extra: object = {}) =>
    JSON.stringify({ version: 1, current: null, sessions, ...extra });

  it.each([
    ["nothing stored", null, 0],
    ["not JSON", "{nope", 0],
    ["JSON of another shape", "[1,2,3]", 0],
    ["another version", JSON.stringify({ version: 2, sessions: [good] }), 0],
    ["sessions not a list", JSON.stringify({ version: 1, sessions: { a: good } }), 0],
    ["one readable entry", raw([good]), 1],
    ["an entry that is not an object", raw([good, "x", null, 5]), 1],
    ["an entry without a draft", raw([good, { ...good, id: "local_b", draft: "x" }]), 1],
    ["an entry with an empty name", raw([good, { ...good, id: "local_b", name: "  " }]), 1],
    ["an entry with a bad date", raw([good, { ...good, id: "local_b", updatedAt: "soon" }]), 1],
    ["an entry without id", raw([good, { ...good, id: 7 }]), 1],
    ["a repeated id", raw([good, { ...good, name: "Copy" }]), 1],
    ["the current one repeated", raw([good], { current: { ...good, documents: [] } }), 0],
    [
      "more than the cap",
      raw(
        Array.from({ length: 30 }, (_, i) =>
          saved(`local_${i}`, `S${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString()),
        ),
      ),
      maxSessions - 1,
    ],
  ] as const)("%s: %i kept", (_label, text, count) => {
    expect(parseSessionStore(text, "en").others).toHaveLength(count);
  });

  it("reads back what it wrote, drafts checked field by field, newest first", () => {
    const older = saved("local_old", "Older", "2026-10-01T00:00:00.000Z");
    const newer = { ...saved("local_new", "Newer", "2026-11-01T00:00:00.000Z"), link };
    const store: SessionStore = {
      current: {
        id: "local_c",
        name: "Now",
        createdAt: now,
        documents: ["cashCount"],
        completed: true,
      },
      others: [older, newer],
    };
    const back = parseSessionStore(serializeSessionStore(store), "fr");
    expect(back.current).toEqual(store.current);
    expect(back.others.map((s) => s.name)).toEqual(["Newer", "Older"]);
    expect(back.others[0]!.link).toEqual(link);
    expect(back.others[1]!.draft).toEqual(older.draft);
  });

  it("keeps the readable parts of a damaged entry (a bad link is dropped, not the entry)", () => {
    const text = raw([
      { ...good, link: { id: 5 }, documents: ["a", 3, "a", "b"], completed: "yes" },
    ]);
    const [entry] = parseSessionStore(text, "en").others;
    expect(entry!.link).toBeNull();
    expect(entry!.documents).toEqual(["a", "b"]);
    expect(entry!.completed).toBe(false);
  });
});

describe("uniqueName", () => {
  it.each([
    ["Zakat 1 Nov", [], "Zakat 1 Nov"],
    ["Zakat 1 Nov", ["Zakat 1 Nov"], "Zakat 1 Nov (2)"],
    ["Zakat 1 Nov", ["zakat 1 nov", "Zakat 1 Nov (2)"], "Zakat 1 Nov (3)"],
    ["  Home  ", ["Other"], "Home"],
  ] as const)("%s among %j is %s", (base, taken, expected) => {
    expect(uniqueName(base, taken)).toBe(expected);
  });
});

describe("isBlankDraft", () => {
  const blank = initialDraft("en");
  it.each([
    ["a fresh draft", blank, true],
    ["only settings changed", { ...blank, settings: { ...blank.settings, currency: "USD" } }, true],
    [
      "a category chosen",
      { ...blank, assetSelection: { ...blank.assetSelection, cash: true } },
      false,
    ],
    [
      "a debt chosen",
      { ...blank, liabilitySelection: { ...blank.liabilitySelection, mortgage: true } },
      false,
    ],
    ["an amount typed", { ...blank, amounts: { ...blank.amounts, gold: "3" } }, false],
    [
      "a bank account added",
      { ...blank, bankAccounts: [{ id: "a", preset: "savings", customLabel: "", text: "" }] },
      false,
    ],
  ] as const)("%s: %s", (_label, draft, expected) => {
    expect(isBlankDraft(draft as Draft)).toBe(expected);
  });
});

describe("starting a new session (keepCurrent)", () => {
  const named = ensureCurrent({ current: null, others: [] }, "Zakat", now);

  it("keeps the current one, named, with its draft, link and last change", () => {
    const result = keepCurrent(named, current(draftWith("500"), link), "unused", now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.store.current).toBeNull();
    expect(result.store.others).toEqual([
      {
        ...named.current,
        // saved as completed in the workspace
        completed: true,
        updatedAt: "2026-11-20T09:00:00.000Z",
        draft: draftWith("500"),
        link,
      },
    ]);
  });

  it("names a current one that had no name yet", () => {
    const result = keepCurrent(
      { current: null, others: [saved("local_a", "Zakat", now)] },
      current(draftWith("1")),
      "Zakat",
      now,
    );
    expect(result.ok && result.store.others.map((s) => s.name).sort()).toEqual([
      "Zakat",
      "Zakat (2)",
    ]);
  });

  it.each([
    ["at a step, never at the results", "cash", false, false],
    ["at the results now", "results", false, true],
    ["back at a step after the results", "cash", true, true],
  ] as const)("kept %s: complete %s", (_label, step, reached, complete) => {
    const store = reached ? markCompleted(named, "Zakat", now) : named;
    const result = keepCurrent(store, current(draftWith("1", step)), "Zakat", now);
    expect(result.ok && result.store.others[0]!.completed).toBe(complete);
  });

  it("drops a blank current one instead of keeping it", () => {
    const result = keepCurrent(named, current(initialDraft("en")), "Zakat", now);
    expect(result).toEqual({ ok: true, store: { current: null, others: [] } });
  });

  it.each([
    [maxSessions - 2, false],
    [maxSessions - 1, true],
  ])("with %i others kept, full: %s", (count, full) => {
    const store: SessionStore = {
      current: named.current,
      others: Array.from({ length: count }, (_, i) => saved(`local_${i}`, `S${i}`, now)),
    };
    expect(isFull(store, current(draftWith("1")))).toBe(full);
    expect(keepCurrent(store, current(draftWith("1")), "Zakat", now).ok).toBe(!full);
    // a blank current one never blocks
    expect(isFull(store, current(initialDraft("en")))).toBe(false);
  });
});

describe("openSession", () => {
  const a = saved("local_a", "A", "2026-11-01T00:00:00.000Z", draftWith("100"));
  const b = saved("local_b", "B", "2026-11-02T00:00:00.000Z", draftWith("200"));
  const store: SessionStore = {
    current: {
      id: "local_c",
      name: "C",
      createdAt: now,
      documents: ["bankStatements"],
      completed: false,
    },
    others: [b, a],
  };

  it("swaps: the opened one becomes current, the current one is kept", () => {
    const result = openSession(store, "local_a", current(draftWith("300")), "Zakat", now)!;
    expect(result.opened.draft).toEqual(a.draft);
    expect(result.store.current).toEqual({
      id: "local_a",
      name: "A",
      createdAt: a.createdAt,
      documents: [],
      completed: false,
    });
    expect(result.store.others.map((s) => [s.name, s.draft.amounts.cashInHand])).toEqual([
      ["C", "300"],
      ["B", "200"],
    ]);
    expect(result.store.others[0]!.documents).toEqual(["bankStatements"]);
  });

  it("opens even when the list is full (the opened one frees a place)", () => {
    const full: SessionStore = {
      current: store.current,
      others: Array.from({ length: maxSessions - 1 }, (_, i) => saved(`local_${i}`, `S${i}`, now)),
    };
    const result = openSession(full, "local_3", current(draftWith("1")), "Zakat", now);
    expect(result?.store.others).toHaveLength(maxSessions - 1);
    expect(result?.store.current?.id).toBe("local_3");
  });

  it("is null for an id that is not kept", () => {
    expect(openSession(store, "local_x", current(draftWith("1")), "Zakat", now)).toBeNull();
  });
});

describe("renameSession and deleteSession", () => {
  const store: SessionStore = {
    current: { id: "local_c", name: "C", createdAt: now, documents: [], completed: false },
    others: [saved("local_a", "A", now)],
  };

  it.each([
    ["local_c", "  Home  ", ["Home", "A"]],
    ["local_a", "Shop", ["C", "Shop"]],
    ["local_a", "x".repeat(150), ["C", "x".repeat(100)]],
    ["local_x", "Nobody", ["C", "A"]],
  ])("%s renamed to %s", (id, name, names) => {
    const result = renameSession(store, id, name);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect([result.store.current!.name, ...result.store.others.map((s) => s.name)]).toEqual(
        names,
      );
    }
  });

  it("refuses an empty name", () => {
    expect(renameSession(store, "local_a", "   ")).toEqual({ ok: false, reason: "empty" });
  });

  it.each([
    ["local_a", "C", 0],
    ["local_c", null, 1],
    ["local_x", "C", 1],
  ])("deleting %s leaves current %s and %i others", (id, currentName, count) => {
    const after = deleteSession(store, id);
    expect(after.current?.name ?? null).toBe(currentName);
    expect(after.others).toHaveLength(count);
  });
});

describe("document ticks", () => {
  it("ticks and unticks on the current session, naming it if needed", () => {
    const ticked = setDocumentTicked({ current: null, others: [] }, "cashCount", true, "Z", now);
    expect(ticked.current).toMatchObject({ name: "Z", documents: ["cashCount"] });
    const twice = setDocumentTicked(ticked, "cashCount", true, "Z", now);
    expect(twice.current!.documents).toEqual(["cashCount"]);
    const unticked = setDocumentTicked(twice, "cashCount", false, "Z", now);
    expect(unticked.current!.documents).toEqual([]);
    expect(unticked.current!.id).toBe(ticked.current!.id);
  });
});

describe("summaries and rows", () => {
  it.each([
    ["in progress", draftWith("20000", "cash"), null, false, null],
    ["complete: the results reached", draftWith("20000", "results"), null, true, "500.00"],
    ["complete as saved, though back at a step", draftWith("20000", "cash"), link, true, "500.00"],
    [
      "complete without prices: no amount",
      { ...draftWith("20000", "results"), settings: initialDraft("en").settings },
      null,
      true,
      null,
    ],
  ] as const)("%s", (_label, draft, withLink, complete, due) => {
    const summary = summarize(draft, withLink);
    expect(summary.complete).toBe(complete);
    expect(summary.zakatDue?.amount ?? null).toBe(due);
  });

  it("a session that reached the results stays complete when its step goes back", () => {
    expect(summarize(draftWith("20000", "cash"), null, true)).toEqual({
      complete: true,
      zakatDue: { amount: "500.00", currency: "EUR" },
    });
    const store = markCompleted({ current: null, others: [] }, "Zakat", now);
    expect(store.current).toMatchObject({ name: "Zakat", completed: true });
    const [row] = sessionRows(store, current(draftWith("20000", "cash")), now);
    expect(row!.complete).toBe(true);
  });

  it("lists the current session first, marked, then the others", () => {
    const store: SessionStore = {
      current: { id: "local_c", name: "C", createdAt: now, documents: [], completed: false },
      others: [saved("local_a", "A", "2026-11-02T00:00:00.000Z")],
    };
    const rows = sessionRows(store, { draft: draftWith("1"), link, updatedAt: null }, now);
    expect(rows.map((r) => [r.name, r.current, r.updatedAt, r.savedTo])).toEqual([
      ["C", true, now, link.id],
      ["A", false, "2026-11-02T00:00:00.000Z", null],
    ]);
  });
});
