import { InputError, MAX_PROBLEMS } from "../errors/input-error.ts";
import { processIo, type CliIo } from "./cli-io.ts";
import { COMPARE_USAGE, runCompare } from "./compare-command.ts";
import { EVAL_USAGE, runEval } from "./eval-command.ts";
import { MEASURES_USAGE, measureList, runMeasures } from "./measures-command.ts";

const USAGE = `hierboard: score hierarchical classification submissions

Usage:
  hierboard eval --taxonomy FILE --gold FILE --pred FILE [--subtask a|b] [--max-depth N]
                 [--unknown-labels error|drop] [--json]
  hierboard compare --taxonomy FILE --gold FILE --pred FILE1 --pred FILE2 … [--json]
  hierboard measures [KEY] [--json]
  hierboard --help

${EVAL_USAGE}
${COMPARE_USAGE}
${MEASURES_USAGE}

Measures (the registry; the web glossary at /measures shows the same texts):
${measureList()}
`;

type Command = (argv: readonly string[], io: CliIo) => Promise<void>;

const COMMANDS: Record<string, Command> = { eval: runEval, compare: runCompare, measures: runMeasures };

/** Runs the CLI; returns the exit status. Errors print on stderr (every problem of a file), never a stack trace. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`hierboard: expected a command (${Object.keys(COMMANDS).join(", ")}), got ${JSON.stringify(name)}. See hierboard --help.\n`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  try {
    await command(rest, io);
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      io.err(describeInputError(error));
      return error.code === "BAD_OPTION" ? 2 : 1;
    }
    io.err(`hierboard: internal error: ${(error as Error).message}\n`);
    return 3;
  }
}

/** An input error for stderr: its message alone, or every problem on a line of its own and the hint. */
function describeInputError(error: InputError): string {
  if (error.problems.length === 1 && error.hint === undefined) return `hierboard: ${error.message}\n`;
  const lines = error.problems.map((problem) => `hierboard: ${problem.message}\n`);
  const count = error.problems.length;
  const header = count > 1 ? `hierboard: ${count} problems${count === MAX_PROBLEMS ? " (reading stopped there)" : ""}:\n` : "";
  return header + lines.join("") + (error.hint ? `hierboard: hint: ${error.hint}\n` : "");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
