// `hierboard backup OUT` and `hierboard restore IN`. The database is DATABASE_URL, or the one of
// the running `pnpm start` (from its run.json). Exit 0 on success; 1 with one line on stderr.
import { loadLauncherEnv, runningLauncher } from "@hierboard/launcher";
import { backupDatabase } from "./backup-database.ts";
import { BackupError } from "./pg-client-tools.ts";
import { restoreDatabase } from "./restore-database.ts";

export const BACKUP_USAGE = `usage: hierboard backup OUT     (OUT: a new folder; writes database.dump and manifest.json)
       hierboard restore IN     (IN: a folder written by backup; the target database must be empty or missing)
The database: DATABASE_URL, or the running pnpm start's. PG_BIN: the folder of pg_dump / pg_restore.`;

async function databaseUrl(): Promise<string> {
  const env = loadLauncherEnv();
  if (env.databaseUrl) return env.databaseUrl;
  const running = await runningLauncher(env.dataDir);
  if (running?.databaseUrl) return running.databaseUrl;
  throw new BackupError("no database: set DATABASE_URL, or run this while `pnpm start` is running");
}

export async function runBackupCommand(command: "backup" | "restore", args: readonly string[]): Promise<number> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    process.stderr.write(`${BACKUP_USAGE}\n`);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  try {
    if (command === "backup") {
      const manifest = await backupDatabase({ databaseUrl: await databaseUrl(), out: args[0]!, log });
      log(
        `backed up ${manifest.dump.bytes} bytes (${Object.entries(manifest.counts)
          .map(([t, n]) => `${n} ${t}`)
          .join(", ")}) to ${args[0]}`,
      );
    } else {
      const { manifest } = await restoreDatabase({ databaseUrl: await databaseUrl(), from: args[0]!, log });
      log(
        `restored the backup of ${manifest.createdAt} (${Object.entries(manifest.counts)
          .map(([t, n]) => `${n} ${t}`)
          .join(", ")})`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`hierboard ${command}: ${error.message}\n`);
    return 1;
  }
}
