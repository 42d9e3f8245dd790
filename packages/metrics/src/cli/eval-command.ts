import { InputError } from "../errors/input-error.ts";
import { evaluate, evaluateRecorded, type Evaluation } from "../engine/evaluate.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { measureInfo } from "../engine/measure-registry.ts";
import { parseZeroDivision } from "../scoring/zero-division.ts";
import type { FamilyResult } from "../scoring/measure-family.ts";
import type { CliIo } from "./cli-io.ts";
import { formatTable } from "./format-table.ts";
import { INPUT_VALUES, loadInputs } from "./load-inputs.ts";
import { choice, number, parseArgs, required, single } from "./parse-args.ts";
import { evaluationExtras } from "./evaluation-extras.ts";
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { cafaBlocks } from "./cafa-blocks.ts";
import { keepGoldProteins } from "../measures/cafa/keep-gold-proteins.ts";
import { parseIaFile } from "../measures/cafa/parse-ia-file.ts";
import { DEFAULT_INTERVAL_METHOD } from "../uncertainty/bootstrap-intervals.ts";

export const EVAL_USAGE = `hierboard eval --taxonomy FILE --gold FILE --pred FILE [options]

  --subtask a|b                 section of a GermEval two-section file
  --max-depth N                 cut the taxonomy to its first N levels (GermEval subtask A: 1)
  --unknown-labels error|drop   prediction labels missing from the taxonomy (default: error)
  --missing-documents empty|error
                                gold documents missing from the predictions (default: empty)
  --metrics LIST|all            extra measure families, comma-separated (default: flat, hc, hierarchical)
  --threshold X                 soft scores at or above X are predicted labels (default: 0.5)
  --beta B                      β of the hierarchical Fβ (default: 1)
  --bootstrap N                 add 95% bootstrap intervals from N resamples over documents
  --seed S                      seed of the bootstrap (default: 1)
  --interval-method bca|percentile
                                bootstrap interval method (default: bca, bias-corrected and accelerated);
                                named in the JSON as options.intervalMethod
  --dis-theta X                 acceptable distance Dis_θ of the distance-based measures (default: 2)
  --zero-division 0|1|nan       what a ratio with a zero denominator gives (default: 0), as scikit-learn's zero_division
  --lca-graph hemkit|minimal|redundant
                                LCA graphs: the authors' HEMKit (default), the exact minimum, or all connections
  --options JSON                family options, e.g. '{"distance": {"weights": {"decay": 0.5}},
                                "setBased": {"augment": "descendants"}, "cophe": {"levels": 2},
                                "hLoss": {"costs": "siblings"}, "mgia": {"defaultClassCost": 1},
                                "lca": {"graph": "minimal"}}'
  --ia FILE                     information accretion per term (term<TAB>weight), for the cafa family's
                                weighted measures; cafa options: '{"cafa": {"propagation": "max"|"fill",
                                "normalisation": "cafa"|"gt"|"pred", "thresholdStep": 0.01, "excludeRoots": false}}'.
                                With cafa, unknown gold terms and predictions of proteins absent from the gold
                                file are ignored, as CAFA-evaluator does (when cafa is named in --metrics)
  --json                        print one JSON object instead of a table
`;

/** `hierboard eval`: scores one prediction file and prints a table or one JSON object. */
export async function runEval(argv: readonly string[], io: CliIo): Promise<void> {
  const args = parseArgs(argv, {
    values: [
      ...INPUT_VALUES,
      "pred",
      "metrics",
      "threshold",
      "beta",
      "bootstrap",
      "seed",
      "interval-method",
      "dis-theta",
      "lca-graph",
      "zero-division",
      "options",
      "ia",
    ],
    flags: ["json"],
  });
  const metricsArg = single(args, "metrics");
  // Named explicitly: "all" keeps the strict reading of the other families.
  const cafa = metricsArg?.split(",").some((m) => m.trim() === "cafa") ?? false;
  const inputs = await loadInputs(args, io, { cafa });
  const read = await inputs.readPrediction(required(args, "pred"));
  const pred = cafa ? keepGoldProteins(read, inputs.gold) : read;
  const metrics =
    metricsArg === undefined
      ? undefined
      : metricsArg === "all"
        ? "all"
        : metricsArg
            .split(",")
            .map((m) => m.trim())
            .filter(Boolean);
  const options = {
    taxonomy: inputs.taxonomy,
    gold: inputs.gold,
    pred,
    metrics,
    missingDocuments: choice(args, "missing-documents", ["empty", "error"] as const),
    threshold: number(args, "threshold", { min: 0, max: 1 }),
    beta: number(args, "beta", { minExclusive: 0 }),
    zeroDivision: parseZeroDivision(choice(args, "zero-division", ["0", "1", "nan"] as const)),
    extra: familyOptions(
      single(args, "options"),
      number(args, "dis-theta"),
      choice(args, "lca-graph", ["hemkit", "minimal", "redundant"] as const),
      await iaWeights(single(args, "ia"), io),
    ),
  } as const;
  const bootstrap = number(args, "bootstrap", { integer: true, min: 1 });
  const intervalMethod = choice(args, "interval-method", ["bca", "percentile"] as const) ?? DEFAULT_INTERVAL_METHOD;
  // With intervals, each document is counted once, into the statistics they resample.
  const { evaluation, recorded } =
    bootstrap === undefined ? { evaluation: evaluate(options), recorded: undefined } : evaluateRecorded(options);
  const extras = evaluationExtras(recorded, { bootstrap, seed: number(args, "seed", { integer: true }), method: intervalMethod });
  // The interval method is named beside the other options (`options.intervalMethod`) when there are intervals.
  const named = bootstrap === undefined ? {} : { options: { ...(evaluation.options as FamilyResult), intervalMethod } };
  const result = { ...evaluation, ...extras, ...named } as Evaluation;
  if (args.flags.has("json")) io.out(JSON.stringify(result) + "\n");
  else io.out(renderEvaluation(result));
}

/** Parses `--options` (a JSON object of family → options) and folds `--dis-theta` and `--lca-graph` into it. */
function familyOptions(
  json: string | undefined,
  disTheta: number | undefined,
  lcaGraph: string | undefined,
  ia: Map<string, number> | undefined,
): Record<string, unknown> {
  let extra: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw new InputError("BAD_OPTION", `expected --options to be a JSON object, got malformed JSON (${(error as Error).message})`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new InputError("BAD_OPTION", `expected --options to be a JSON object of family → options, got ${JSON.stringify(json)}`);
    }
    extra = parsed as Record<string, unknown>;
  }
  if (disTheta !== undefined) extra = { ...extra, distance: { ...(extra.distance as object | undefined), disTheta } };
  if (lcaGraph !== undefined) extra = { ...extra, lca: { ...(extra.lca as object | undefined), graph: lcaGraph } };
  if (ia !== undefined) extra = { ...extra, cafa: { ...(extra.cafa as object | undefined), ia } };
  return extra;
}

async function iaWeights(file: string | undefined, io: CliIo): Promise<Map<string, number> | undefined> {
  if (file === undefined) return undefined;
  const path = io.path(file);
  return parseIaFile(await readFile(path), basename(path));
}

function renderEvaluation(result: Evaluation): string {
  // NaN (an undefined measure under --zero-division nan) is a row too, printed `nan`; in --json it is null.
  const measures = flattenMeasures(result, { keepNaN: true });
  const rows = Object.entries(measures)
    .filter(([key]) => key !== "documents" && !key.startsWith("intervals.") && !key.startsWith("cafa."))
    .map(([key, value]) => [key, measureInfo(key)?.label ?? "", value] as const);
  let text = `${result.documents} documents\n\n` + formatTable(["measure", "name", "value"], rows);
  if (result.cafa) text += cafaBlocks(result.cafa as FamilyResult);
  if (result.warnings.length > 0) text += `\nwarnings:\n${result.warnings.map((w) => `  - ${w}`).join("\n")}\n`;
  return text;
}
