// `npm run admin -- <command>`: the operator's commands (docs/decisions/015-plans-and-billing.md).
//   set-plan <email> <free|standard|pro>   store the account's plan
//   show <email>                            the account's plan and usage
//   reset-2fa <email>                       turn two-factor off (lost authenticator and codes)
//   backup <file>                           a backup of the database (admin-backup.ts)
//   restore <file>                          a PGlite backup into an empty DATA_DIR
// Reads the same environment as the server (DATABASE_URL or DATA_DIR). On PostgreSQL it writes
// directly, server running or not. On PGlite the data directory takes one process only: when
// a server runs on it, the command goes through the server's admin socket in DATA_DIR;
// otherwise it opens the data directory itself.
import { planIds } from "../src/domain/plans.ts";
import { backupCommand, restoreCommand } from "./admin-backup.ts";
import { sendAdminCommand } from "../src/server/admin-socket.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { DataDirError } from "../src/server/db/data-dir.ts";
import { EnvError, parseEnv } from "../src/server/env.ts";
import {
  AdminError,
  runAdminCommand,
  type AccountSummary,
  type AdminCommand,
} from "../src/server/services/admin-accounts.ts";

const usage = `Usage:
  npm run admin -- set-plan <email> <${planIds.join("|")}>
  npm run admin -- show <email>
  npm run admin -- reset-2fa <email>   (lost authenticator and backup codes: check who asks)
  npm run admin -- backup <file>     (server running or not; PostgreSQL: pg_dump)
  npm run admin -- restore <file>    (PGlite: into an empty DATA_DIR, server stopped)`;

function parseArgs(args: string[]): AdminCommand | null {
  const [command, email, plan] = args;
  if (command === "show" && email && args.length === 2) return { command, email };
  if (command === "reset-2fa" && email && args.length === 2) return { command, email };
  if (command === "set-plan" && email && plan && args.length === 3) {
    return { command, email, plan };
  }
  return null;
}

function print(account: AccountSummary, input: AdminCommand): void {
  if (input.command === "reset-2fa") {
    // the operator's record of the recovery (decision 071)
    console.log(`two-factor turned off for ${account.email} at ${new Date().toISOString()}`);
  }
  console.log(`account   ${account.email} (${account.userId})`);
  console.log(
    `plan      ${account.plan}${account.storedPlan ? "" : " (DEFAULT_PLAN: none stored)"}`,
  );
  for (const { feature, used, limit } of account.usage) {
    const of = limit === null ? "unlimited" : String(limit);
    console.log(`  ${feature.padEnd(22)} ${used === null ? "-" : used} / ${of}`);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // what it writes (a backup file, a restored DATA_DIR) is the owner's alone (decision 043)
  process.umask(0o077);
  if (args.length === 2 && args[0] === "backup") return backupCommand(args[1]!);
  if (args.length === 2 && args[0] === "restore") return restoreCommand(args[1]!);
  const input = parseArgs(args);
  if (!input) {
    console.error(usage);
    return 2;
  }
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    const reply = await sendAdminCommand(env.DATA_DIR, input);
    if (reply) {
      if (!reply.ok) {
        console.error(reply.error);
        return 1;
      }
      print(reply.account as AccountSummary, input);
      return 0;
    }
  }
  let database;
  try {
    database = await openDatabase(env);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    print(await runAdminCommand(database.db, input, env.DEFAULT_PLAN), input);
    return 0;
  } catch (error) {
    if (error instanceof AdminError) {
      console.error(error.message);
      return 1;
    }
    // a database the server never migrated, or one that does not answer
    const cause = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.error(
      `The command failed on ${database.engine}: ${cause}\n` +
        "Is this the server's DATABASE_URL / DATA_DIR, and has the server started on it once?",
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
