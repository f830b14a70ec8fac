// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { initialDraft, type Draft } from "./draft";
import {
  holdsMigratedEntries,
  migrationFailure,
  parsePendingMigration,
  PENDING_MIGRATION_KEY,
  pendingMigrationFor,
  readPendingMigration,
  removePendingMigration,
  writePendingMigration,
  type PendingMigration,
} from "./migration";

function filled(lang: "en" | "fr" = "en"): Draft {
  const d = initialDraft(lang);
  return {
    ...d,
    step: "results",
    assetSelection: { ...d.assetSelection, cash: true },
    amounts: { ...d.amounts, cashInHand: "500" },
    bankAccounts: [
      { id: "a", preset: "savings", customLabel: "", text: lang === "en" ? "12000" : "12 000" },
    ],
    settings: {
      ...d.settings,
      mode: "offline",
      goldPriceText: lang === "en" ? "80.00" : "80,00",
      silverPriceText: lang === "en" ? "0.95" : "0,95",
      priceSource: "manual",
      pricesUpdatedAt: "2026-11-01T10:00:00.000Z",
    },
  };
}

const now = new Date("2026-11-21T09:30:00.000Z");
const options = { name: "Zakat 21 Nov 2026", isCompleted: true, idempotencyKey: "key-1", now };

function pending(draft = filled()): PendingMigration {
  const p = pendingMigrationFor(draft, options);
  if (!p) throw new Error("not saveable");
  return p;
}

beforeEach(() => localStorage.clear());

describe("the pending guest calculation", () => {
  it("holds the POST body, the Idempotency-Key and the time, and no workspace yet", () => {
    expect(pending()).toEqual({
      version: 1,
      idempotencyKey: "key-1",
      createdAt: "2026-11-21T09:30:00.000Z",
      workspaceId: null,
      body: expect.objectContaining({
        name: "Zakat 21 Nov 2026",
        isCompleted: true,
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        cashAmounts: {
          cashInHand: "500",
          bankAccounts: [{ id: "a", label: "savings", amount: "12000" }],
        },
        priceSource: "manual",
      }),
    });
  });

  it("is nothing for a draft that cannot be saved", () => {
    const noPrices = filled();
    noPrices.settings = { ...noPrices.settings, goldPriceText: "" };
    expect(pendingMigrationFor(noPrices, options)).toBeNull();
    const unreadable = filled();
    unreadable.amounts = { ...unreadable.amounts, cashInHand: "5OO" };
    expect(pendingMigrationFor(unreadable, options)).toBeNull();
  });

  it("keeps the stored record (and its key) for the same body, a new one for another", () => {
    const first = pending();
    expect(pendingMigrationFor(filled(), { ...options, idempotencyKey: "key-2" }, first)).toBe(
      first,
    );
    const changed = filled();
    changed.amounts = { ...changed.amounts, cashInHand: "600" };
    const other = pendingMigrationFor(changed, { ...options, idempotencyKey: "key-2" }, first);
    expect(other?.idempotencyKey).toBe("key-2");
    expect(other?.body.cashAmounts?.cashInHand).toBe("600");
  });

  it("reads back what was written, and refuses anything else", () => {
    const p = { ...pending(), workspaceId: "ws-1" };
    writePendingMigration(p);
    expect(readPendingMigration()).toEqual(p);
    expect(parsePendingMigration(JSON.stringify(p))).toEqual(p);

    expect(parsePendingMigration(null)).toBeNull();
    expect(parsePendingMigration("{not json")).toBeNull();
    expect(parsePendingMigration("null")).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, version: 2 }))).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, idempotencyKey: "" }))).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, idempotencyKey: "a b" }))).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, createdAt: "yesterday" }))).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, workspaceId: 3 }))).toBeNull();
    expect(parsePendingMigration(JSON.stringify({ ...p, body: { name: "x" } }))).toBeNull();
    expect(
      parsePendingMigration(JSON.stringify({ ...p, body: { ...p.body, name: " " } })),
    ).toBeNull();
  });

  it("is removed only when it is the one settled (or unreadable)", () => {
    writePendingMigration(pending());
    removePendingMigration("another-key");
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).not.toBeNull();
    removePendingMigration("key-1");
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();

    localStorage.setItem(PENDING_MIGRATION_KEY, "garbage");
    removePendingMigration("key-1");
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();
  });
});

describe("a failed migration", () => {
  const error = (status: number, code = "X") => new ApiError(status, code, "m");
  it("is dropped only when the server refuses the request itself", () => {
    expect(migrationFailure(error(400, "VALIDATION_FAILED"))).toBe("drop");
    expect(migrationFailure(error(413, "PAYLOAD_TOO_LARGE"))).toBe("drop");
    expect(migrationFailure(error(415))).toBe("drop");
    expect(migrationFailure(error(422))).toBe("drop");
  });
  it("moves to the current workspace when the stored one is not the person's any more", () => {
    expect(migrationFailure(error(404, "NOT_FOUND"))).toBe("retarget");
  });
  it("is tried again later for everything else", () => {
    for (const status of [0, 401, 403, 409, 429, 500, 503]) {
      expect(migrationFailure(error(status)), String(status)).toBe("retry");
    }
    expect(migrationFailure(new TypeError("failed to fetch"))).toBe("retry");
  });
});

describe("linking the calculator's session to the migrated calculation", () => {
  it("matches the same entries, in any language and with other prices", () => {
    const { body } = pending(filled("en"));
    expect(holdsMigratedEntries(filled("en"), body)).toBe(true);
    expect(holdsMigratedEntries(filled("fr"), body)).toBe(true);
    const refreshed = filled();
    refreshed.settings = {
      ...refreshed.settings,
      mode: "online",
      goldPriceText: "81.20",
      priceSource: "live",
      pricesUpdatedAt: "2026-11-22T08:00:00.000Z",
    };
    expect(holdsMigratedEntries(refreshed, body)).toBe(true);
    // before the prices are known again
    expect(
      holdsMigratedEntries(
        { ...refreshed, settings: { ...refreshed.settings, goldPriceText: "" } },
        body,
      ),
    ).toBe(true);
  });

  it("does not match other entries, another currency or a new calculation", () => {
    const { body } = pending();
    const d = filled();
    expect(holdsMigratedEntries({ ...d, amounts: { ...d.amounts, cashInHand: "501" } }, body)).toBe(
      false,
    );
    expect(holdsMigratedEntries({ ...d, settings: { ...d.settings, currency: "USD" } }, body)).toBe(
      false,
    );
    expect(
      holdsMigratedEntries(
        { ...d, assetSelection: { ...d.assetSelection, goldAndSilver: true } },
        body,
      ),
    ).toBe(false);
    expect(holdsMigratedEntries(initialDraft("en"), body)).toBe(false);
  });
});
