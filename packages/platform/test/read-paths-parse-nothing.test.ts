// "No code on a web read path parses a stored submission or gold file", checked on the source:
// from every platform function the web app calls to show a page or answer a GET, follow the
// relative imports through the platform and look for any call that parses or records a label
// file, or that loads a submission's or a gold version's bytes. The engine thread's tasks are
// reached by file name, not by import: the compare task is checked the same way.
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
 * Read paths that hand stored bytes to an engine thread, unread, when the thread asks for them
 * (it parses them there and keeps them by hash): the Data & format tab's test ids and samples come
 * from the gold's document ids.
 */
const HANDS_BYTES_TO_A_THREAD = new Set(["threads/with-gold-content.ts", "threads/engine-file-refs.ts"]);

const FORBIDDEN: [string, RegExp][] = [
  ["parses a label file", /\b(parseLabelText|parsePrediction|parseGoldFor|LabelFileParser|forEachLine)\b/],
  ["parses a taxonomy file", /\bparseTaxonomy\(/],
  ["loads a scoring setup (parses taxonomy and gold)", /\bloadScoringSetup\b/],
  ["records statistics from a file", /\b(recordEvaluation|recordStatistics|labelConfusion|evaluate)\(/],
  ["loads a submission's bytes", /submission\.\w+\(\{[^;]*select: \{[^;]*\bcontent: true/s],
  ["loads a gold file's bytes", /goldVersion\.\w+\(\{[^;]*select: \{[^;]*\bcontent: true/s],
  ["reaches worker-side code", /^import (?!type )[^;]*from "[^"]*(load-recording|record-prediction|update-board-ties|engine-tasks)\.ts"/m],
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

/** What the web app calls with an uploaded file: the engine checks it in a thread, by task. */
const UPLOAD_ENTRIES = [
  "submissions/create-submission.ts",
  "submissions/create-baseline.ts",
  "phases/upload-gold.ts",
  "taxonomy/upload-taxonomy.ts",
  "subtasks/create-subtask.ts",
  "subtasks/update-subtask.ts",
];
const PARSES = FORBIDDEN.filter(([what]) => what.startsWith("parses") || what.startsWith("records") || what.startsWith("loads a scoring"));

/** Downloads hand stored bytes back as they are: they may load them, never parse them. */
const DOWNLOAD_ENTRIES = ["participants/download-submission-file.ts", "task-files/download-task-file.ts", "bundles/build-task-bundle.ts"];

describe("web download paths", () => {
  it("parse no stored file", () => {
    const files = reachable(DOWNLOAD_ENTRIES);
    const violations = [...files].flatMap(([file, source]) =>
      PARSES.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${path.relative(SRC, file)} ${what}`),
    );
    expect(violations).toEqual([]);
  });
});

describe("web upload paths", () => {
  it("parse no uploaded file on the request thread (the engine threads do, reached by task)", () => {
    const files = reachable(UPLOAD_ENTRIES);
    expect(PARSES.length).toBe(4);
    const violations = [...files].flatMap(([file, source]) =>
      PARSES.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${path.relative(SRC, file)} ${what}`),
    );
    expect(violations).toEqual([]);
  });
});

describe("web read paths", () => {
  it("parse no stored submission or gold file (import graph of the platform's read functions)", () => {
    const files = reachable(READ_ENTRIES);
    expect(files.size).toBeGreaterThan(READ_ENTRIES.length); // the walk follows imports
    const violations = [...files].flatMap(([file, source]) =>
      FORBIDDEN.filter(
        ([what, pattern]) => pattern.test(source) && !(what.startsWith("loads") && HANDS_BYTES_TO_A_THREAD.has(path.relative(SRC, file))),
      ).map(([what]) => `${path.relative(SRC, file)} ${what}`),
    );
    expect(violations).toEqual([]);
  });

  it("the check would see a violation (the worker's board job is on no read path, and parses)", () => {
    const files = reachable(["leaderboard/update-board-ties.ts"]);
    const hits = [...files]
      .filter(([, source]) => FORBIDDEN.some(([, pattern]) => pattern.test(source)))
      .map(([file]) => path.relative(SRC, file));
    expect(hits).toContain("statistics/load-recording.ts");
  });
});
