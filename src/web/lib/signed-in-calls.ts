import type * as account from "../../contracts/endpoints/account";
import type * as calculations from "../../contracts/endpoints/calculations";
import type * as statements from "../../contracts/endpoints/statements";
import type * as tracker from "../../contracts/endpoints/tracker";
import type * as workspaces from "../../contracts/endpoints/workspaces";
import type { CompiledCall } from "./api-client";
import * as generated from "./signed-in-parsers.generated";

// The signed-in dashboard's first answers, checked without zod as the public pages' are
// (compiled-calls.ts, decision 035); apart from those, so that public pages do not download
// their parsers.

export const getMe: CompiledCall<typeof account.getMe> = generated.getMe;
export const listWorkspaces: CompiledCall<typeof account.listWorkspaces> = generated.listWorkspaces;
export const listReceivedInvitations: CompiledCall<typeof workspaces.listReceivedInvitations> =
  generated.listReceivedInvitations;
export const getZakatData: CompiledCall<typeof tracker.getZakatData> = generated.getZakatData;
export const listCalculations: CompiledCall<typeof calculations.listCalculations> =
  generated.listCalculations;
export const listStatements: CompiledCall<typeof statements.listStatements> =
  generated.listStatements;
/** read on every signed-in page, written once (tracker/hooks/use-remember-reminder-locale.ts) */
export const getNotificationSettings: CompiledCall<typeof account.getNotificationSettings> =
  generated.getNotificationSettings;
export const updateNotificationSettings: CompiledCall<typeof account.updateNotificationSettings> =
  generated.updateNotificationSettings;
