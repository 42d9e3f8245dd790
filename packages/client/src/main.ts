// The participant's `hierboard`: every command is one call (or a poll) of the REST API.
import { ApiError, problemLines } from "./api-client.ts";
import { type ClientConfig, ConfigError, configFilePath, DEFAULT_URL, resolveConfig } from "./client-config.ts";
import { boardCommand } from "./commands/board-command.ts";
import { finalRunCommand } from "./commands/final-run-command.ts";
import { statusCommand } from "./commands/status-command.ts";
import { SUBMIT_USAGE, submitCommand } from "./commands/submit-command.ts";
import { submissionsCommand } from "./commands/submissions-command.ts";
import { processEnvironment } from "./env.ts";
import { EXIT, processTerminal, type Terminal, UsageError } from "./terminal.ts";

const COMMANDS: Record<string, (args: string[], config: ClientConfig, terminal: Terminal) => Promise<number>> = {
  submit: submitCommand,
  status: statusCommand,
  board: boardCommand,
  submissions: submissionsCommand,
  "final-run": finalRunCommand,
};

function usage(env: NodeJS.ProcessEnv): string {
  return `Usage:
  ${SUBMIT_USAGE}
  hierboard status SUBMISSION_ID
  hierboard board SLUG --phase KEY [--subtask KEY]
  hierboard submissions SLUG [--phase KEY] [--subtask KEY]
  hierboard final-run SUBMISSION_ID [--unselect]

The server is HIERBOARD_URL (default ${DEFAULT_URL}); the API token (from your profile page) is
HIERBOARD_TOKEN, or "token" in ${configFilePath(env)} (mode 0600), e.g. {"url": "https://…", "token": "…"}.
Exit codes: 0 done, 1 refused by the server or failed to score, 2 bad command line or config.`;
}

export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = processEnvironment,
  terminal: Terminal = processTerminal,
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    terminal.out(usage(env));
    return name ? EXIT.OK : EXIT.USAGE;
  }
  const command = COMMANDS[name];
  if (!command) {
    terminal.err(`hierboard: unknown command "${name}"; expected one of ${Object.keys(COMMANDS).join(", ")}`);
    return EXIT.USAGE;
  }
  try {
    return await command(rest, resolveConfig(env), terminal);
  } catch (error) {
    if (error instanceof ApiError) {
      for (const line of problemLines(error)) terminal.err(line);
      return EXIT.FAILED;
    }
    // parseArgs throws TypeErrors with a code for unknown or malformed options.
    if (error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      terminal.err(`hierboard: ${(error as Error).message}`);
      return EXIT.USAGE;
    }
    throw error;
  }
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
