import { basename, extname } from "node:path";
import { InputError } from "../errors/input-error.ts";
import { compareSubmissions, type Comparison } from "../ranking/compare-submissions.ts";
import type { CliIo } from "./cli-io.ts";
import { formatNumber, formatTable } from "./format-table.ts";
import { INPUT_VALUES, loadInputs } from "./load-inputs.ts";
import { choice, number, parseArgs, single } from "./parse-args.ts";

export const COMPARE_USAGE = `hierboard compare --taxonomy FILE --gold FILE --pred FILE1 --pred FILE2 … [options]

  --subtask a|b, --max-depth N, --unknown-labels error|drop, --missing-documents empty|error
                                as for eval
  --metrics LIST|all            extra measure families (default: flat, hc, hierarchical)
  --measures LIST               measures to rank under, e.g. hc.f1,flat.micro.f1 (default: every registered one)
  --primary KEY                 measure of the tied groups (default: hc.f1)
  --test randomization|bootstrap
                                paired test between neighbours (default: randomization)
  --alpha A                     significance level of the tied groups (default: 0.05)
  --bootstrap N                 resamples of the tests (default 1000); also adds 95% intervals
  --seed S                      seed of the resampling (default: 1)
  --threshold X, --beta B       as for eval
  --json                        print one JSON object instead of tables
`;

/** `hierboard compare`: ranks several submissions under every measure and says where the measures agree. */
export async function runCompare(argv: readonly string[], io: CliIo): Promise<void> {
  const args = parseArgs(argv, {
    values: [...INPUT_VALUES, "pred", "metrics", "measures", "primary", "test", "alpha", "bootstrap", "seed", "threshold", "beta"],
    flags: ["json"],
  });
  // Options are checked before any file is read, so a typo fails fast.
  const list = (name: string) =>
    single(args, name)
      ?.split(",")
      .map((m) => m.trim())
      .filter(Boolean);
  const options = {
    metrics: single(args, "metrics") === "all" ? ("all" as const) : list("metrics"),
    measures: list("measures"),
    primary: single(args, "primary"),
    test: choice(args, "test", ["randomization", "bootstrap"] as const),
    alpha: number(args, "alpha", { minExclusive: 0, max: 1 }),
    bootstrap: number(args, "bootstrap", { integer: true, min: 1 }),
    seed: number(args, "seed", { integer: true }),
    missingDocuments: choice(args, "missing-documents", ["empty", "error"] as const),
    threshold: number(args, "threshold", { min: 0, max: 1 }),
    beta: number(args, "beta", { minExclusive: 0 }),
  };
  const files = args.values.get("pred") ?? [];
  if (files.length === 0) throw new InputError("BAD_OPTION", "expected --pred FILE at least once, got nothing");
  const inputs = await loadInputs(args, io);
  const short = files.map((f) => basename(f, extname(f)));
  const names = new Set(short).size === short.length ? short : files;
  const preds = [];
  for (const [i, file] of files.entries()) preds.push({ name: names[i]!, file: await inputs.readPrediction(file) });
  const comparison = compareSubmissions({ taxonomy: inputs.taxonomy, gold: inputs.gold, preds, ...options });
  io.out(args.flags.has("json") ? JSON.stringify(comparison) + "\n" : renderComparison(comparison));
}

/** The side-by-side rank table, the measure-agreement table and the tied groups, as text. */
export function renderComparison(c: Comparison): string {
  const { tiedGroups } = c;
  const primary = c.measures.find((m) => m.key === c.primary);
  const rankRows = tiedGroups.ranking.map(({ name, value, group }) => {
    const i = c.submissions.indexOf(name);
    return [name, group, value, ...c.measures.map((m) => m.ranks[i]!)];
  });
  let text = `${c.documents} documents, ${c.submissions.length} submissions; ranks under each measure, ordered by ${primary?.label ?? c.primary}\n\n`;
  text += formatTable(["submission", "group", `value of ${c.primary}`, ...c.measures.map((m) => `rank ${m.key}`)], rankRows);
  const pairs: (string | number)[][] = [];
  c.measures.forEach((f, i) =>
    c.measures.forEach((g, j) => {
      if (j <= i) return;
      const cell = (m: (number | null)[][], a: number, b: number) => (m[a]![b] === null ? "–" : formatNumber(m[a]![b]!));
      pairs.push([
        f.key,
        g.key,
        cell(c.kendall, i, j),
        cell(c.agreement.consistency, i, j),
        cell(c.agreement.discriminancy, i, j),
        cell(c.agreement.discriminancy, j, i),
        cell(c.agreement.indifference, i, j),
      ]);
    }),
  );
  text += `\nagreement between measures f and g (Kendall τ-b; Huang & Ling's consistency C, discriminancy D, indifference E)\n\n`;
  text += formatTable(["f", "g", "τ-b", "C", "D f/g", "D g/f", "E"], pairs);
  text += `\nstatistically tied groups under ${c.primary} (${tiedGroups.method} test against the submission above, α = ${tiedGroups.alpha}, ${tiedGroups.resamples} resamples)\n\n`;
  text += tiedGroups.groups.map((group, i) => `  ${i + 1}. ${group.join(", ")}`).join("\n") + "\n";
  const warned = Object.entries(c.warnings).filter(([, w]) => w.length > 0);
  if (warned.length > 0) text += `\nwarnings:\n${warned.flatMap(([name, w]) => w.map((line) => `  - ${name}: ${line}`)).join("\n")}\n`;
  return text;
}
