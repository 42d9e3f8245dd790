// "No code on a web read path parses a stored submission or gold file", checked on the source:
// from every platform function the web app calls to show a page or answer a GET, follow the
// relative imports through the platform and look for any call that parses or records a label or
// taxonomy file, or loads a scoring setup. The engine thread's tasks are reached by file name,
// not by import: the compare task is checked the same way.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../src");

/** What the web app calls on its read paths (pages and GET routes). */
const READ_ENTRIES = [
  "leaderboard/get-leaderboard.ts",
  "leaderboard/board-cache.ts",
  "leaderboard/export-board.ts",
  "leaderboard/load-board-key.ts",
  "submissions/get-submission.ts",
  "submissions/get-submission-diagnostics.ts",
  "submissions/compare-submission-pair.ts",
  "submissions/list-comparable-submissions.ts",
  "submissions/list-task-submissions.ts",
  "tasks/get-task-overview.ts",
  "tasks/get-task-console.ts",
  "tasks/list-public-tasks.ts",
  "teams/get-team-area.ts",
  "audit/list-audit-log.ts",
  "data-format/build-data-file.ts",
  "paper/get-paper-table.ts",
  "phases/get-rescore-status.ts",
  "phases/describe-phase-controls.ts",
  "teams/get-team-final-runs.ts",
  "teams/get-team-standing.ts",
  "task-files/list-task-files.ts",
  "participants/list-task-teams.ts",
  "users/list-users.ts",
  "operations/get-operations-status.ts",
  "operations/check-readiness.ts",
  "tasks/list-organised-tasks.ts",
  "tasks/is-task-visible.ts",
  "submissions/submission-page-access.ts",
  "tokens/list-api-tokens.ts",
  // the thread side of a comparison (engine work a read starts in a thread)
  "submissions/paired-tests.ts",
];

/**
 * Parsing or recording a label or taxonomy file, or loading a scoring setup (which parses both):
 * engine-thread and worker work, never on the web's request thread. Loading stored bytes is not on
 * the list: a download hands them back as they are, and a read may hand them unread to an engine
 * thread (which parses them there and keeps them by hash).
 */
const PARSES: [string, RegExp][] = [
  ["parses a label file", /\b(parseLabelText|parsePrediction|parseGoldFor|LabelFileParser|forEachLine)\b/],
  ["parses a taxonomy file", /\bparseTaxonomy\(/],
  ["loads a scoring setup (parses taxonomy and gold)", /\bloadScoringSetup\b/],
  ["records statistics from a file", /\b(recordEvaluation|recordStatistics|labelConfusion|evaluate)\(/],
];
/** Reads never enqueue a board job: every write that changes a board does, and the worker's repair sweep. */
const ENQUEUES_BOARDS: [string, RegExp][] = [["enqueues a board job", /\.enqueueBoard\??\.?\(|\benqueueBoardJobs\(|\baddJob\(/]];
/** Read paths also import nothing the worker runs, and enqueue no board job. */
const READ_FORBIDDEN: [string, RegExp][] = [
  ...PARSES,
  ...ENQUEUES_BOARDS,
  [
    "reaches worker-side code",
    /^import (?!type )[^;]*from "[^"]*(load-recording|record-prediction|update-board-ties|store-boards|stale-boards|engine-tasks)\.ts"/m,
  ],
];

function reachable(entries: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const stack = entries.map((e) => path.join(SRC, e));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(file, "utf8");
    seen.set(file, source);
    // Type-only imports are erased: they run nothing.
    for (const [, spec] of source.matchAll(/^(?:import|export) (?!type )[^;]*?from "(\.{1,2}\/[^"]+)"/gm))
      stack.push(path.resolve(path.dirname(file), spec!));
  }
  return seen;
}

/** Each reachable file that matches a rule, with what it does. */
function violations(entries: readonly string[], rules: readonly [string, RegExp][]): string[] {
  return [...reachable(entries)].flatMap(([file, source]) =>
    rules.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${path.relative(SRC, file)} ${what}`),
  );
}

/** What the web app calls with an uploaded file: the engine checks it in a thread, by task. */
const UPLOAD_ENTRIES = [
  "submissions/create-submission.ts",
  "submissions/create-baseline.ts",
  "phases/upload-gold.ts",
  "taxonomy/upload-taxonomy.ts",
  "subtasks/create-subtask.ts",
  "subtasks/update-subtask.ts",
];

/** Downloads hand stored bytes back as they are: they may load them, never parse them. */
const DOWNLOAD_ENTRIES = ["participants/download-submission-file.ts", "task-files/download-task-file.ts", "bundles/build-task-bundle.ts"];

describe("web download paths", () => {
  it("parse no stored file", () => {
    expect(violations(DOWNLOAD_ENTRIES, PARSES)).toEqual([]);
  });
});

describe("web upload paths", () => {
  it("parse no uploaded file on the request thread (the engine threads do, reached by task)", () => {
    expect(violations(UPLOAD_ENTRIES, PARSES)).toEqual([]);
  });
});

describe("web read paths", () => {
  it("parse no stored submission or gold file (import graph of the platform's read functions)", () => {
    expect(reachable(READ_ENTRIES).size).toBeGreaterThan(READ_ENTRIES.length); // the walk follows imports
    expect(violations(READ_ENTRIES, READ_FORBIDDEN)).toEqual([]);
  });

  it("the check would see a board job enqueued (the writes that change a board enqueue theirs)", () => {
    expect(violations(["submissions/write-final-run-selection.ts"], ENQUEUES_BOARDS)).toContain(
      "leaderboard/enqueue-board-jobs.ts enqueues a board job",
    );
  });

  it("the check would see a violation (the worker's board job is on no read path, and parses)", () => {
    const hits = violations(["leaderboard/update-board-ties.ts"], READ_FORBIDDEN);
    expect(hits).toContain("scoring/statistics/load-recording.ts parses a label file");
    expect(hits).toContain("scoring/statistics/load-recording.ts loads a scoring setup (parses taxonomy and gold)");
    expect(hits).toContain("leaderboard/update-board-ties.ts reaches worker-side code");
  });
});
