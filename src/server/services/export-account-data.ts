import { and, asc, eq, getTableColumns, inArray, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AccountExport, ExportCsvTable, ExportRow, ExportTable } from "../../contracts/me.ts";
import type { Language } from "../../domain/language.ts";
import type { Db } from "../db/client.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { inVisibleGeneration } from "../db/repositories/tracker.ts";
import {
  calendarFeeds,
  embedConfigs,
  milestones,
  notificationSettings,
  obligationPayments,
  obligations,
  profiles,
  reminderSends,
  user,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  zakatCalculations,
  zakatStates,
} from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { csvLine } from "../csv.ts";
import { serverT } from "../i18n/index.ts";
import { calculationLines } from "./export-calculation-lines.ts";
import { csvColumns } from "./export-csv-columns.ts";

/**
 * Everything the account owns or wrote (issue 10, GDPR articles 15 and 20): its profile, the
 * workspaces it belongs to (with its role), and of the workspaces it owns their members,
 * invitations, calculations, milestones, records, payments and tracker state; of the other
 * workspaces, the rows it wrote itself; its embed configurations, the calendar feeds it
 * created, its notification settings and the reminder e-mails sent to it. Never a password hash, a session or verification token, nor an invitation's or a
 * calendar feed's token hash.
 */
export async function exportAccountData(options: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<AccountExport> {
  const { db, userId } = options;
  const tables = await db.transaction(async (tx) => readTables(tx, userId), {
    // one consistent snapshot of every table
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  return {
    format: "hawl-account-export/1",
    exportedAt: (options.now ?? new Date()).toISOString(),
    tables,
  };
}

const profileShape = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  name: user.name,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  role: profiles.role,
  plan: profiles.plan,
  createdAt: user.createdAt,
  updatedAt: profiles.updatedAt,
};
const workspaceShape = {
  id: workspaces.id,
  name: workspaces.name,
  yourRole: workspaceMembers.role,
  joinedAt: workspaceMembers.joinedAt,
  createdAt: workspaces.createdAt,
  updatedAt: workspaces.updatedAt,
};
const memberShape = {
  id: workspaceMembers.id,
  workspaceId: workspaceMembers.workspaceId,
  userId: workspaceMembers.userId,
  email: user.email,
  fullName: profiles.fullName,
  role: workspaceMembers.role,
  invitedBy: workspaceMembers.invitedBy,
  joinedAt: workspaceMembers.joinedAt,
};
// never the token's hash
const invitationShape = {
  id: workspaceInvitations.id,
  workspaceId: workspaceInvitations.workspaceId,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  status: workspaceInvitations.status,
  invitedBy: workspaceInvitations.invitedBy,
  expiresAt: workspaceInvitations.expiresAt,
  createdAt: workspaceInvitations.createdAt,
};

// never the token's hash
const calendarFeedShape = {
  id: calendarFeeds.id,
  workspaceId: calendarFeeds.workspaceId,
  createdBy: calendarFeeds.createdBy,
  language: calendarFeeds.language,
  createdAt: calendarFeeds.createdAt,
};

async function readTables(tx: Executor, userId: string): Promise<Record<ExportTable, ExportRow[]>> {
  const [account] = await tx
    .select(profileShape)
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!account) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");

  const owned = tx
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")));
  const ownedOrWritten = (workspaceId: AnyPgColumn, author: AnyPgColumn): SQL =>
    or(inArray(workspaceId, owned), eq(author, userId))!;

  const workspaceRows = await tx
    .select(workspaceShape)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaces.id));

  const members = await tx
    .select(memberShape)
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(inArray(workspaceMembers.workspaceId, owned))
    .orderBy(asc(workspaceMembers.workspaceId), asc(workspaceMembers.joinedAt));

  const invitations = await tx
    .select(invitationShape)
    .from(workspaceInvitations)
    .where(inArray(workspaceInvitations.workspaceId, owned))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));

  const calculations = await tx
    .select()
    .from(zakatCalculations)
    .where(ownedOrWritten(zakatCalculations.workspaceId, zakatCalculations.userId))
    .orderBy(asc(zakatCalculations.createdAt), asc(zakatCalculations.id));
  // a workspace's timeline only: not the rows of a large sync being written, nor those of an
  // older generation waiting to be deleted (decision 034)
  const { generation: _generation, ...milestoneColumns } = getTableColumns(milestones);
  const milestoneRows = await tx
    .select(milestoneColumns)
    .from(milestones)
    .where(and(ownedOrWritten(milestones.workspaceId, milestones.userId), inVisibleGeneration))
    .orderBy(asc(milestones.date), asc(milestones.id));
  const records = await tx
    .select()
    .from(obligations)
    .where(ownedOrWritten(obligations.workspaceId, obligations.userId))
    .orderBy(asc(obligations.createdAt), asc(obligations.id));
  const payments = await tx
    .select()
    .from(obligationPayments)
    .where(ownedOrWritten(obligationPayments.workspaceId, obligationPayments.userId))
    .orderBy(asc(obligationPayments.createdAt), asc(obligationPayments.id));
  const states = await tx
    .select()
    .from(zakatStates)
    .where(inArray(zakatStates.workspaceId, owned))
    .orderBy(asc(zakatStates.workspaceId));
  const embeds = await tx
    .select()
    .from(embedConfigs)
    .where(eq(embedConfigs.userId, userId))
    .orderBy(asc(embedConfigs.createdAt), asc(embedConfigs.id));
  const feeds = await tx
    .select(calendarFeedShape)
    .from(calendarFeeds)
    .where(eq(calendarFeeds.createdBy, userId))
    .orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.id));

  // the reminder e-mails: the person's settings and which reminders were sent to them
  const settings = await tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const sends = await tx
    .select()
    .from(reminderSends)
    .where(eq(reminderSends.userId, userId))
    .orderBy(asc(reminderSends.createdAt), asc(reminderSends.id));

  return {
    profile: [account],
    workspaces: workspaceRows,
    members,
    invitations,
    calculations,
    milestones: milestoneRows,
    records,
    payments,
    zakatStates: states,
    embedConfigs: embeds,
    calendarFeeds: feeds,
    notificationSettings: settings,
    reminderSends: sends,
  };
}

/**
 * One CSV of the export (UTF-8 with BOM, CRLF, RFC 4180) in `lang`: the columns of
 * export-csv-columns.ts under their headers, every cell through the server's one
 * formula-injection escaping (src/server/csv.ts). `calculationLines` is the calculations'
 * asset and liability lines, one row each.
 */
export function exportTableCsv(data: AccountExport, table: ExportCsvTable, lang: Language): string {
  const t = serverT(lang, "export");
  const rows =
    table === "calculationLines"
      ? data.tables.calculations.flatMap(calculationLines)
      : data.tables[table];
  const columns = csvColumns[table];
  const parts = ["\uFEFF", csvLine(columns.map((column) => t(`columns.${table}.${column.key}`)))];
  for (const row of rows) parts.push(csvLine(columns.map((column) => column.cell(row, t))));
  return parts.join("");
}
