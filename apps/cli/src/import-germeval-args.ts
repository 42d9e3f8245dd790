// Arguments of `hierboard import-germeval`.
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

export function parseImportGermevalArgs(argv: readonly string[]): ImportGermevalArgs | "help" {
  const args: Partial<ImportGermevalArgs> = {
    slug: "germeval-2019",
    title: "GermEval 2019 Task 1: hierarchical classification of blurbs",
    wait: false,
    timeoutSeconds: 900,
    forceOwner: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`expected a value after ${arg}`);
      return next;
    };
    if (arg === "--help" || arg === "-h") return "help";
    else if (arg === "--slug") args.slug = value();
    else if (arg === "--title") args.title = value();
    else if (arg === "--wait") args.wait = true;
    else if (arg === "--force-owner") args.forceOwner = true;
    else if (arg === "--timeout") {
      const seconds = Number(value());
      if (!Number.isInteger(seconds) || seconds <= 0) throw new UsageError("expected --timeout to be a whole number of seconds");
      args.timeoutSeconds = seconds;
    } else if (arg.startsWith("-")) throw new UsageError(`expected one of --slug, --title, --wait, --timeout, --force-owner, got ${arg}`);
    else if (args.dir === undefined) args.dir = arg;
    else throw new UsageError(`expected one folder, got a second: ${arg}`);
  }
  if (args.dir === undefined)
    throw new UsageError("expected the GermEval folder, e.g. hierboard import-germeval ../shared/data/germeval2019");
  return args as ImportGermevalArgs;
}
