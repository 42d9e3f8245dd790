// `hierboard`: a thin dispatcher. The engine's commands (eval, compare, --help) go to the engine's
// own main() unchanged, so `pnpm --silent hierboard eval … --json` still prints one JSON object.
// Platform commands are imported only when used: the engine never loads the platform.
import { main as engineMain } from "@hierboard/metrics/cli";

const PLATFORM_USAGE = `
Platform commands (use DATABASE_URL / REDIS_URL, the running \`pnpm start\`, or its embedded defaults):
  hierboard import-germeval DIR [--slug SLUG] [--wait] [--timeout SECONDS]   (hierboard import-germeval --help)
  hierboard backup OUT | hierboard restore IN   (hierboard backup --help)
  hierboard task export SLUG OUT_DIR | hierboard task import DIR [--slug SLUG]   (hierboard task --help)
  hierboard task export-submissions SLUG DIR [--phase KEY]   (every submission and score as one zip)
  hierboard grant-role EMAIL ADMIN|ORGANISER|PARTICIPANT`;

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "import-germeval") {
    const { runImportGermeval } = await import("./import-germeval-command.ts");
    return runImportGermeval(rest);
  }
  if (name === "backup" || name === "restore") {
    const { runBackupCommand } = await import("./backup/backup-command.ts");
    return runBackupCommand(name, rest);
  }
  if (name === "grant-role") {
    const { runGrantRole } = await import("./grant-role-command.ts");
    return runGrantRole(rest);
  }
  if (name === "task" && rest[0] === "export-submissions")
    return (await import("./export-submissions-command.ts")).runExportSubmissions(rest.slice(1));
  if (name === "task") {
    const { runTask } = await import("./task-command.ts");
    return runTask(rest);
  }
  const code = await engineMain(argv);
  if (code === 0 && (name === "--help" || name === "-h" || name === "help")) process.stdout.write(`${PLATFORM_USAGE}\n`);
  return code;
}

/** Runs the command line and sets the exit code (the `tsx src/main.ts` start and the bundled bin). */
export function runMain(argv: readonly string[]): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`hierboard: internal error: ${(error as Error).message}\n`);
      process.exitCode = 3;
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(process.argv.slice(2));
