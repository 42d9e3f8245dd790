// GermEval 2019 Task 1 as a task bundle: the official taxonomy and test gold, subtask A (top level,
// section a) and B (whole hierarchy, section b) ranked by flat micro-F1, one test phase.
import {
  BUNDLE_FORMAT,
  DEFAULT_SHOWN_MEASURES,
  manifestToYaml,
  sha256Hex,
  type BundleManifest,
  type TaskBundle,
} from "@hierboard/platform";
import type { GermevalFolder } from "./import-germeval.ts";

export const GERMEVAL_PHASE = "test";
/** Subtask A reads section a of the files, cut to the top level; B reads section b, the whole hierarchy. */
export const GERMEVAL_SUBTASKS = [
  { key: "a", name: "Subtask A: top level", maxDepth: 1, section: "a" as const },
  { key: "b", name: "Subtask B: whole hierarchy", maxDepth: null, section: "b" as const },
];
const MINUTE_MS = 60_000;

const description = (
  teams: number,
  files: number,
) => `GermEval 2019 Task 1: classify German book blurbs into a genre hierarchy of 343 labels
(subtask A: the 8 top-level genres; subtask B: the whole hierarchy), imported from the official
taxonomy, test gold and the ${files} submitted runs of ${teams} teams. Ranked by flat micro-F1, the
official measure, with the hierarchical measures beside it. Unknown labels are dropped with a
warning, as the official scorer did. Data licence: CC BY-NC 4.0.`;

/**
 * The bundle of a GermEval folder. The test phase opens a minute before `now` and closes an hour
 * after it: the import submits the historical runs into it, then closes it.
 */
export function germevalBundle(folder: GermevalFolder, opts: { slug: string; title: string; now: Date }): TaskBundle {
  const teams = new Set(folder.submissions.map((s) => s.team)).size;
  const subtask = ({ key, name, maxDepth, section }: (typeof GERMEVAL_SUBTASKS)[number]) => ({
    key,
    taxonomy: 1,
    name,
    description: "",
    maxDepth,
    section,
    measuresShown: DEFAULT_SHOWN_MEASURES,
    primaryMeasure: "flat.micro.f1",
    unknownLabels: "drop" as const,
    missingDocuments: "empty" as const,
    bootstrap: 0,
    archivedAt: null,
    maxLabelsPerDocument: 1000,
    showAverageRank: false,
  });
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    task: {
      slug: opts.slug,
      title: opts.title,
      description: description(teams, folder.submissions.length),
      requiresApproval: false,
      terms: "",
    },
    taxonomies: [{ version: 1, fileName: "hierarchy.txt", file: "taxonomy/v1/hierarchy.txt", sha256: sha256Hex(folder.taxonomy) }],
    subtasks: GERMEVAL_SUBTASKS.map(subtask),
    phases: [
      {
        key: GERMEVAL_PHASE,
        name: "Test",
        startsAt: new Date(opts.now.getTime() - MINUTE_MS).toISOString(),
        endsAt: new Date(opts.now.getTime() + 60 * MINUTE_MS).toISOString(),
        visibility: "PUBLIC",
        dailyLimit: null,
        totalLimit: null,
        rule: "BEST",
        blind: false,
        finalRuns: null,
        finalRunsBoard: "RUNS",
        publicFraction: null,
        archivedAt: null,
        descriptionsCloseAt: null,
        gold: [
          {
            version: 1,
            fileName: "blurbs_test_label.txt",
            file: `gold/${GERMEVAL_PHASE}/v1/blurbs_test_label.txt`,
            sha256: sha256Hex(folder.gold),
          },
        ],
      },
    ],
    // The GermEval folder has no public files (written as no `files:` key at all).
    files: [],
  };
  return {
    manifest: manifestToYaml(manifest),
    files: new Map([
      ["taxonomy/v1/hierarchy.txt", folder.taxonomy],
      [`gold/${GERMEVAL_PHASE}/v1/blurbs_test_label.txt`, folder.gold],
    ]),
  };
}
