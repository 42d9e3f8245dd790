// Arguments of `hierboard task export|import`.
import { parseArgs } from "node:util";
import { UsageError } from "./import-germeval-args.ts";

export const TASK_USAGE = `Usage: hierboard task export SLUG OUT_DIR
       hierboard task import DIR [--slug SLUG]

Task bundles: a task as files, to move it between installations, review it, or run it again.

  export SLUG OUT_DIR   writes the task SLUG as a bundle into OUT_DIR (new or empty; a name ending
                        in .zip writes one zip file instead)
  import DIR            creates the task a bundle describes (DIR, or a .zip file); nothing is stored
                        when any part of it is invalid
    --slug SLUG         import under another slug (e.g. next year's edition)

A bundle is task.yaml plus the files it lists:
  task.yaml             format, task (slug, title, description, requiresApproval, terms);
                        taxonomies (version, file, sha256); subtasks (key, taxonomy version,
                        name, cut: maxDepth and section, measures: measuresShown, primaryMeasure
                        (its direction is the measure's), unknownLabels, missingDocuments,
                        bootstrap, maxLabelsPerDocument); phases (key, name, startsAt and endsAt in UTC, visibility,
                        dailyLimit, totalLimit, rule, blind, finalRuns, finalRunsBoard,
                        descriptionsCloseAt, gold versions with file and sha256); files, when the task has public files
                        (name, kind, phase, fileName, file, sha256)
  taxonomy/vN/<file>    each taxonomy version, byte for byte
  gold/<phase>/vN/<file> each gold version of each phase
  files/N/<file>        each public file (starting kit, licence, …), byte for byte
Every file's sha256 is checked on import, files the manifest does not list are refused, and every
manifest error is reported with its YAML path and line. Teams, submissions and scores are not
part of a bundle. Exporting and importing act as the installation's admin.

Uses DATABASE_URL and REDIS_URL; without them the services of a running \`pnpm start\`, or the same
embedded PostgreSQL and local redis-server \`pnpm start\` uses (data in HIERBOARD_DATA_DIR, default
.hierboard/).`;

export type TaskArgs =
  | { command: "export"; slug: string; out: string }
  | { command: "import"; dir: string; slug: string | undefined }
  | "help";

/** node:util parseArgs does the parsing; its errors become UsageErrors saying what was expected. */
export function parseTaskArgs(argv: readonly string[]): TaskArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return "help";
  let parsed: { values: { help?: boolean; slug?: string }; positionals: string[] };
  try {
    const options = { help: { type: "boolean", short: "h" }, slug: { type: "string" } } as const;
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    if (rest.includes("--help") || rest.includes("-h")) return "help";
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new UsageError("expected a slug after --slug");
    const got = rest.find((arg) => arg.startsWith("-") && !(command === "import" && arg.startsWith("--slug"))) ?? "";
    throw new UsageError(`expected ${command === "import" ? "--slug or " : ""}no option, got ${got}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  if (values.slug !== undefined && command !== "import") throw new UsageError("expected no option, got --slug");
  if (command === "export") {
    if (positionals.length !== 2) throw new UsageError(`expected SLUG and OUT_DIR, got ${positionals.length} argument(s)`);
    return { command, slug: positionals[0]!, out: positionals[1]! };
  }
  if (command === "import") {
    if (positionals.length !== 1) throw new UsageError(`expected one bundle directory or zip, got ${positionals.length} argument(s)`);
    return { command, dir: positionals[0]!, slug: values.slug };
  }
  throw new UsageError(`expected export or import, got ${command}`);
}
