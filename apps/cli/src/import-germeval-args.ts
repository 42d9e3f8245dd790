// Arguments of `hierboard import-germeval`.
import { parseArgs } from "node:util";

export const IMPORT_GERMEVAL_USAGE = `Usage: hierboard import-germeval DIR [--slug SLUG] [--title TITLE] [--wait] [--timeout SECONDS] [--force-owner]

Imports a GermEval 2019 Task 1 folder as a task: DIR/hierarchy.txt (taxonomy), DIR/blurbs_test_label.txt
(gold, both sections) and DIR/submissions/<Team>__<System>.txt (one team per <Team>, each file submitted
to subtask a (top level, section a) and b (whole hierarchy, section b)). Unknown labels are dropped with
a warning, as the official scorer did. Running it again adds only what is missing.

  --slug SLUG        the task's slug (default germeval-2019)
  --title TITLE      the task's title
  --wait             wait until the worker has scored every submission (a worker is started for the
                     wait when no pnpm start is running)
  --timeout SECONDS  how long --wait waits (default 900)
  --force-owner      take over an existing task with this slug that someone else owns (the admin
                     becomes its only owner); without it such a slug is refused

Uses DATABASE_URL and REDIS_URL; without them the services of a running \`pnpm start\`, or the same
embedded PostgreSQL and local redis-server \`pnpm start\` uses (data in HIERBOARD_DATA_DIR, default
.hierboard/).`;

export interface ImportGermevalArgs {
  dir: string;
  slug: string;
  title: string;
  wait: boolean;
  timeoutSeconds: number;
  forceOwner: boolean;
}

export class UsageError extends Error {}

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  slug: { type: "string", default: "germeval-2019" },
  title: { type: "string", default: "GermEval 2019 Task 1: hierarchical classification of blurbs" },
  wait: { type: "boolean", default: false },
  timeout: { type: "string", default: "900" },
  "force-owner": { type: "boolean", default: false },
} as const;

/** node:util parseArgs does the parsing; its errors are turned into UsageErrors naming what was expected. */
export function parseImportGermevalArgs(argv: readonly string[]): ImportGermevalArgs | "help" {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const got = argv.find((arg) => arg.startsWith("-") && !(arg.replace(/^--?/, "").split("=")[0]! in OPTIONS)) ?? "";
      throw new UsageError(`expected one of --slug, --title, --wait, --timeout, --force-owner, got ${got}`);
    }
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const seconds = Number(values.timeout);
  if (!Number.isInteger(seconds) || seconds <= 0) throw new UsageError("expected --timeout to be a whole number of seconds");
  if (positionals.length > 1) throw new UsageError(`expected one folder, got a second: ${positionals[1]}`);
  const dir = positionals[0];
  if (dir === undefined) throw new UsageError("expected the GermEval folder, e.g. hierboard import-germeval ../shared/data/germeval2019");
  return { dir, slug: values.slug, title: values.title, wait: values.wait, timeoutSeconds: seconds, forceOwner: values["force-owner"] };
}
