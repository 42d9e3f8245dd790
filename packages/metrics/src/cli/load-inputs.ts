import { basename } from "node:path";
import type { LabelFile, Subtask, UnknownLabelPolicy } from "../labels/label-file.ts";
import { readFile } from "node:fs/promises";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { knownGoldTerms } from "../measures/cafa/known-gold-terms.ts";
import { readLabelFile, readTaxonomyFile } from "../node/read-files.ts";
import { cutTaxonomy } from "../taxonomy/cut-taxonomy.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import type { CliIo } from "./cli-io.ts";
import { choice, number, required, type ParsedArgs } from "./parse-args.ts";

/** The options `eval` and `compare` share for reading a taxonomy and a gold file. */
export const INPUT_VALUES = ["taxonomy", "gold", "subtask", "max-depth", "unknown-labels", "missing-documents"] as const;

export interface LoadedInputs {
  readonly taxonomy: Taxonomy;
  readonly gold: LabelFile;
  readonly subtask: Subtask | undefined;
  readonly unknownLabels: UnknownLabelPolicy;
  readonly readPrediction: (file: string) => Promise<LabelFile>;
}

/**
 * Reads the taxonomy and the gold file. With `cafa`, the gold file is read as CAFA-evaluator reads
 * its ground truth (unknown terms left out, `knownGoldTerms`) and unknown prediction terms are dropped by default.
 */
export async function loadInputs(args: ParsedArgs, io: CliIo, options: { cafa?: boolean } = {}): Promise<LoadedInputs> {
  const subtask = choice(args, "subtask", ["a", "b"] as const);
  const maxDepth = number(args, "max-depth", { integer: true, min: 1 });
  const unknownLabels = choice(args, "unknown-labels", ["error", "drop"] as const) ?? (options.cafa ? "drop" : "error");
  const full = await readTaxonomyFile(io.path(required(args, "taxonomy")));
  const taxonomy = maxDepth === undefined ? full : cutTaxonomy(full, maxDepth);
  const goldPath = io.path(required(args, "gold"));
  const gold = options.cafa
    ? parseLabelText(knownGoldTerms(await readFile(goldPath), taxonomy, basename(goldPath)).text, {
        taxonomy,
        role: "gold",
        fileName: basename(goldPath),
      })
    : await readLabelFile(goldPath, { taxonomy, role: "gold", subtask, fileName: basename(goldPath) });
  const readPrediction = (file: string) => {
    const path = io.path(file);
    return readLabelFile(path, { taxonomy, role: "prediction", subtask, unknownLabels, fileName: basename(path) });
  };
  return { taxonomy, gold, subtask, unknownLabels, readPrediction };
}
