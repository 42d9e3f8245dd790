import { InputError } from "../../errors/input-error.ts";
import { ProblemCollector } from "../../errors/problem-collector.ts";
import { forEachLine } from "../../text/read-lines.ts";

/**
 * Parses an information-accretion file, `term<TAB>weight` per line (CAFA-evaluator's `ia.tsv`),
 * into the weights the `cafa` family reads as its `ia` option. Blank lines are skipped; every
 * malformed line is reported with its number. A weight must be a finite number ≥ 0; terms the
 * taxonomy lacks are kept (the family ignores them), and a term given twice is an error.
 *
 * @example
 * parseIaFile("GO:1\t0.5\nGO:2\t0\n").get("GO:1"); // 0.5
 */
export function parseIaFile(input: string | Uint8Array, fileName?: string): Map<string, number> {
  const weights = new Map<string, number>();
  const problems = new ProblemCollector();
  const firstLine = new Map<string, number>();
  forEachLine(
    input,
    (raw, line) => {
      const text = raw.trim();
      if (text === "") return;
      problems.attempt(() => {
        const fields = text.split(/\t| +/);
        if (fields.length !== 2)
          throw new InputError(
            "COLUMN_COUNT",
            `expected "term<TAB>weight" (2 fields), got ${fields.length} field(s): ${JSON.stringify(text)}`,
            {
              file: fileName,
              line,
            },
          );
        const [term, value] = fields as [string, string];
        const weight = Number(value);
        if (value === "" || !Number.isFinite(weight) || weight < 0)
          throw new InputError("BAD_SCORE", `expected a finite weight ≥ 0 for ${JSON.stringify(term)}, got ${JSON.stringify(value)}`, {
            file: fileName,
            line,
          });
        const seen = firstLine.get(term);
        if (seen !== undefined)
          throw new InputError("DUPLICATE_ID", `expected each term once, got ${JSON.stringify(term)} again (first on line ${seen})`, {
            file: fileName,
            line,
          });
        firstLine.set(term, line);
        weights.set(term, weight);
      });
    },
    fileName,
  );
  problems.throwIfAny();
  if (weights.size === 0) throw new InputError("EMPTY_FILE", "expected at least one term<TAB>weight line, got none", { file: fileName });
  return weights;
}
