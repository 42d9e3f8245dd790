import { InputError } from "../../errors/input-error.ts";
import { ProblemCollector } from "../../errors/problem-collector.ts";
import type { DocumentLabels, LabelFile } from "../../labels/label-file.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { forEachLine } from "../../text/read-lines.ts";
import { unknownScoresWarning } from "./cafa-warnings.ts";
import { CompactScores } from "./compact-scores.ts";

export interface CafaScoresOptions {
  readonly taxonomy: Taxonomy;
  readonly fileName?: string;
  /** The most distinct known terms one protein may carry; a protein past it is refused at the line that passes it. */
  readonly maxTermsPerProtein?: number;
  /** The number of the input's first line in its file (default 1), for a shard of a larger file. */
  readonly firstLine?: number;
}

/**
 * Reads a score file in CAFA-evaluator's own format, `protein<TAB>term<TAB>score` per line (fields
 * may also be separated by spaces, as CAFA-evaluator splits them), into a prediction whose entries
 * carry `scores`. As CAFA-evaluator reads it: a pair given twice keeps its largest score, terms the
 * taxonomy lacks are left out (counted in a warning). A score must be a number in (0, 1]; every
 * malformed line is reported with its number. Proteins absent from the gold are kept here (see
 * `keepGoldProteins`).
 *
 * @example
 * parseCafaScores("P1\tGO:1\t0.5\nP1\tGO:404\t0.9\n", { taxonomy }).warnings;
 * // ["predictions: left out 1 score(s) of term(s) the taxonomy lacks, as CAFA-evaluator does"]
 */
export function parseCafaScores(input: string | Uint8Array, options: CafaScoresOptions): LabelFile {
  const { taxonomy, fileName, maxTermsPerProtein } = options;
  const lineOffset = (options.firstLine ?? 1) - 1;
  // Each protein's scores are a Map while its lines are read, then compacted (`CompactScores`) once
  // another protein's line comes: a file holds one protein's scores as a Map at a time.
  const proteins = new Map<string, { line: number; scores: Map<number, number> | CompactScores }>();
  let open: { line: number; scores: Map<number, number> | CompactScores } | undefined;
  const compactOpen = () => {
    if (open && open.scores instanceof Map) open.scores = new CompactScores(open.scores);
  };
  const problems = new ProblemCollector();
  let unknown = 0;
  forEachLine(
    input,
    (raw, lineInInput) => {
      const line = lineInInput + lineOffset;
      const text = raw.trim();
      if (text === "") return;
      problems.attempt(() => {
        const where = { file: fileName, line };
        const fields = text.split(/[\t ]+/);
        if (fields.length !== 3)
          throw new InputError(
            "COLUMN_COUNT",
            `expected "protein<TAB>term<TAB>score" (3 fields), got ${fields.length} field(s): ${JSON.stringify(text.slice(0, 200))}`,
            where,
          );
        const [protein, term, value] = fields as [string, string, string];
        const score = Number(value);
        if (!(score > 0 && score <= 1))
          throw new InputError("BAD_SCORE", `expected a score in (0, 1] for ${JSON.stringify(term)}, got ${JSON.stringify(value)}`, where);
        const node = taxonomy.id(term);
        if (node === undefined) {
          unknown++;
          return;
        }
        let entry = proteins.get(protein);
        if (!entry) {
          entry = { line, scores: new Map() };
          proteins.set(protein, entry);
        }
        if (entry !== open) {
          compactOpen();
          open = entry;
        }
        // A protein whose lines come back after another's is a Map again while they are read.
        if (entry.scores instanceof CompactScores) entry.scores = new Map(entry.scores);
        const scores = entry.scores;
        const before = scores.get(node);
        if (before === undefined && maxTermsPerProtein !== undefined && scores.size >= maxTermsPerProtein)
          throw new InputError(
            "TOO_MANY_LABELS",
            `expected at most ${maxTermsPerProtein} scored terms for protein ${JSON.stringify(protein)}, got more`,
            where,
          );
        if (before === undefined || score > before) scores.set(node, score);
      });
    },
    fileName,
  );
  compactOpen();
  problems.throwIfAny();
  if (proteins.size === 0 && unknown === 0)
    throw new InputError("EMPTY_FILE", "expected at least one protein<TAB>term<TAB>score line, got none", { file: fileName });
  const entries = new Map<string, DocumentLabels>();
  for (const [id, { line, scores }] of proteins) entries.set(id, { id, line, labels: [], scores });
  const warnings = unknown > 0 ? [unknownScoresWarning(fileName, unknown)] : [];
  return {
    fileName,
    format: "tsv",
    role: "prediction",
    documents: entries.size,
    entries,
    droppedUnknown: unknown,
    hasScores: true,
    warnings,
  };
}
