import type { ExportCsvTable, ExportRow } from "../../contracts/me.ts";
import type { Translate } from "../i18n/index.ts";
import type { CalculationLine } from "./export-calculation-lines.ts";

// The columns of each CSV of the account export (issue 30): headers in the account's language
// (locales/<lang>/export.json `columns`), yes/no and the stored codes as words (`values`), one
// value per cell. The JSON export keeps the stored names and shapes; the CSVs are for people.

export interface CsvColumn {
  /** its header: `columns.<table>.<key>` */
  key: string;
  cell: (row: ExportRow, t: Translate) => string;
}

/** A stored value as text: instants in ISO 8601, lists joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The word for a stored code; a code the catalogue does not know yet stays as it is. */
function wordFor(t: Translate, group: string, code: unknown): string {
  if (code === null || code === undefined || code === "") return "";
  try {
    return t(`values.${group}.${String(code)}`);
  } catch {
    return String(code);
  }
}

const field = (row: ExportRow, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value as ExportRow | null)?.[key], row);

const plain = (key: string, from = key): CsvColumn => ({
  key,
  cell: (row) => cellText(field(row, from)),
});
const yesNo = (key: string, from = key): CsvColumn => ({
  key,
  cell: (row, t) => {
    const value = field(row, from);
    return value === null || value === undefined ? "" : t(value ? "yes" : "no");
  },
});
const word = (key: string, group: string, from = key): CsvColumn => ({
  key,
  cell: (row, t) => wordFor(t, group, field(row, from)),
});

/** "USD = 0.92 EUR (2026-01-05); MAD = 0.09 EUR (2026-01-05)" */
function ratesText(row: ExportRow): string {
  const rates = (row.rates ?? {}) as Record<string, { rate: string; date: string }>;
  return Object.entries(rates)
    .map(([code, r]) => `${code} = ${r.rate} ${String(row.currency)} (${r.date})`)
    .join("; ");
}

const line = (row: ExportRow) => row as CalculationLine;

export const csvColumns: Record<ExportCsvTable, CsvColumn[]> = {
  profile: [
    plain("id"),
    plain("email"),
    yesNo("emailVerified"),
    plain("name"),
    plain("fullName"),
    plain("avatarUrl"),
    plain("role"),
    word("plan", "plan"),
    plain("createdAt"),
    plain("updatedAt"),
  ],
  workspaces: [
    plain("id"),
    plain("name"),
    word("yourRole", "role"),
    plain("joinedAt"),
    plain("createdAt"),
    plain("updatedAt"),
  ],
  members: [
    plain("id"),
    plain("workspaceId"),
    plain("userId"),
    plain("email"),
    plain("fullName"),
    word("role", "role"),
    plain("invitedBy"),
    plain("joinedAt"),
  ],
  invitations: [
    plain("id"),
    plain("workspaceId"),
    plain("email"),
    word("role", "role"),
    word("status", "invitationStatus"),
    plain("invitedBy"),
    plain("expiresAt"),
    plain("createdAt"),
  ],
  calculations: [
    plain("id"),
    plain("workspaceId"),
    plain("userId"),
    plain("name"),
    plain("calculationDate"),
    {
      key: "status",
      cell: (row, t) => t(`values.status.${row.isCompleted ? "completed" : "draft"}`),
    },
    plain("currency"),
    word("preset", "preset", "methodology.preset"),
    word("nisabStandard", "nisabStandard", "methodology.nisabStandard"),
    word("nisabMethod", "nisabMethod", "nissabMethod"),
    plain("goldPricePerGram"),
    plain("silverPricePerGram"),
    word("priceSource", "priceSource"),
    plain("priceDate"),
    { key: "rates", cell: ratesText },
    plain("totalAssets"),
    plain("totalLiabilities"),
    plain("zakatableAmount"),
    plain("nisabValue", "nissabValue"),
    yesNo("aboveNisab", "isAboveNissab"),
    plain("zakatDue"),
    plain("milestoneId"),
    plain("createdAt"),
    plain("updatedAt"),
  ],
  calculationLines: [
    plain("calculationId"),
    plain("calculation"),
    plain("calculationDate"),
    word("kind", "kind"),
    word("category", "category"),
    word("item", "item"),
    {
      key: "label",
      cell: (row, t) => {
        const label = line(row).label;
        if (!label) return "";
        return "preset" in label ? wordFor(t, "bankLabel", label.preset) : label.text;
      },
    },
    plain("amount"),
    {
      key: "unit",
      cell: (row, t) => {
        const unit = line(row).unit;
        if ("currency" in unit) return unit.currency;
        return unit.karat === null
          ? t("values.unit.gramsFine")
          : t("values.unit.grams", { karat: unit.karat });
      },
    },
    yesNo("counted"),
  ],
  milestones: [
    plain("id"),
    plain("workspaceId"),
    plain("userId"),
    plain("date"),
    plain("title"),
    word("type", "milestoneType"),
    yesNo("completed"),
    plain("endDate"),
    yesNo("quarterlyReminder"),
    yesNo("monthlyReminder"),
    plain("createdAt"),
    plain("updatedAt"),
  ],
  records: [
    plain("id"),
    plain("workspaceId"),
    plain("userId"),
    plain("dueDate"),
    plain("amount"),
    plain("category"),
    word("priority", "priority"),
    plain("createdAt"),
  ],
  payments: [
    plain("id"),
    plain("obligationId"),
    plain("workspaceId"),
    plain("amount"),
    plain("paidOn"),
    plain("userId"),
    plain("createdAt"),
  ],
  zakatStates: [
    plain("workspaceId"),
    plain("userId"),
    plain("totalDue"),
    plain("totalPaid"),
    word("hawlRule", "hawlRule"),
    word("yearBasis", "yearBasis"),
    plain("currency"),
    plain("createdAt"),
    plain("updatedAt"),
  ],
  embedConfigs: [
    plain("id"),
    plain("name"),
    plain("embedKey"),
    plain("allowedDomains"),
    plain("language", "config.language"),
    plain("currency", "config.currency"),
    plain("primaryColor", "config.primaryColor"),
    plain("accentColor", "config.accentColor"),
    plain("payLink", "callToAction.urlTemplate"),
    plain("organisation", "callToAction.organisation"),
    yesNo("isActive"),
    plain("createdAt"),
  ],
  calendarFeeds: [
    plain("id"),
    plain("workspaceId"),
    plain("createdBy"),
    plain("language"),
    plain("createdAt"),
  ],
  notificationSettings: [
    yesNo("emailReminders"),
    yesNo("quarterlyReviews"),
    yesNo("monthlyReviews"),
    yesNo("weekBeforeDue"),
    plain("language"),
    plain("timeZone"),
    plain("updatedAt"),
  ],
  reminderSends: [
    plain("id"),
    plain("workspaceId"),
    word("kind", "reminderKind"),
    plain("day"),
    plain("createdAt"),
  ],
};
