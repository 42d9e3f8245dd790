import { readdirSync, readFileSync } from "node:fs";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { readLabelFile, readTaxonomyFile } from "../src/node/read-files.ts";
import type { LabelFile } from "../src/labels/label-file.ts";
import { evaluate, evaluateRecorded } from "../src/engine/evaluate.ts";
import { prepareDocuments } from "../src/scoring/prepared-document.ts";
import { scoringContext } from "../src/scoring/scoring-context.ts";
import { MEASURE_FAMILIES } from "../src/engine/measure-families.ts";
import { ScoreAccumulator } from "../src/scoring/score-accumulator.ts";
import { bootstrapIntervals } from "../src/uncertainty/bootstrap-intervals.ts";
import { pairedTests } from "../src/uncertainty/paired-test.ts";
import { recordEvaluation } from "../src/uncertainty/recorded-statistics.ts";
import { againstTarget, median, ms, timed, timedWithCpu } from "./stats.ts";

/** The GermEval target: CPU milliseconds per GermEval subtask-b submission. */
const ALL_FAMILIES_TARGET_MS = 60;
const BOOTSTRAP_TARGET_MS = 300;

/**
 * Scores every GermEval 2019 subtask-b submission with the core families, then every family;
 * returns the median CPU milliseconds of each (parse + score).
 * The taxonomy and gold are loaded once, as the worker caches them; each
 * submission's time covers parsing its file and scoring it.
 */
export async function germevalBench(dir: string): Promise<{ coreCpu: number; allCpu: number }> {
  const medianCpu: Record<"core" | "all", number> = { core: 0, all: 0 };
  const taxonomy = await readTaxonomyFile(`${dir}/hierarchy.txt`);
  const gold = await readLabelFile(`${dir}/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask: "b" });
  const files = readdirSync(`${dir}/submissions`).filter((f) => readFileSync(`${dir}/submissions/${f}`, "utf8").includes("subtask_b"));
  const texts = files.map((f) => readFileSync(`${dir}/submissions/${f}`));
  const parse = (text: Uint8Array, name: string) =>
    parseLabelText(text, { taxonomy, role: "prediction", subtask: "b", unknownLabels: "drop", fileName: name });

  console.log(`GermEval 2019 subtask b: ${files.length} submissions × ${gold.documents} documents, ${taxonomy.size} labels`);
  const variants = [
    { key: "core", metrics: undefined },
    { key: "all", metrics: "all" },
  ] as const;
  // One warm-up pass of each so the JIT has compiled the hot paths.
  for (const { metrics } of variants) texts.forEach((t, i) => evaluate({ taxonomy, gold, pred: parse(t, files[i]!), metrics }));
  const timings = () => ({ totals: [] as number[], scoring: [] as number[], cpu: [] as number[] });
  const runs = { core: timings(), all: timings() };
  // Three timed passes. Each submission is timed with the core and with every family back to back,
  // which one first in turns, so a change of the machine's load weighs on both sides of the ratio alike.
  for (let pass = 0; pass < 3; pass++) {
    texts.forEach((text, i) => {
      for (const { key, metrics } of (pass + i) % 2 === 0 ? variants : [...variants].reverse()) {
        const [pred, parseMs, parseCpu] = timedWithCpu(() => parse(text, files[i]!));
        const [, scoreMs, scoreCpu] = timedWithCpu(() => evaluate({ taxonomy, gold, pred, metrics }));
        runs[key].totals.push(parseMs + scoreMs);
        runs[key].scoring.push(scoreMs);
        runs[key].cpu.push(parseCpu + scoreCpu);
      }
    });
  }
  for (const { key } of variants) {
    const { totals, scoring, cpu } = runs[key];
    const perSubmission = median(totals);
    const all = key === "all";
    medianCpu[key] = median(cpu);
    const what = all ? `all ${MEASURE_FAMILIES.length} measure families` : "flat + HC + hP/hR/hF";
    console.log(
      `  ${what}: median per submission ${ms(perSubmission)} parse + score (${ms(median(scoring))} score only) → ${Math.round(gold.documents / (perSubmission / 1000)).toLocaleString("en")} documents/s`,
    );
    console.log(
      `    CPU per submission, parse + score: median ${all ? againstTarget(median(cpu), ALL_FAMILIES_TARGET_MS) : ms(median(cpu))}`,
    );
  }

  const ctx = scoringContext(taxonomy);
  const preds = texts.map((t, i) => parse(t, files[i]!));
  console.log("  median per submission, by family (fresh documents each time, normalisation included), wall and CPU:");
  for (const family of MEASURE_FAMILIES) {
    const runs = preds.map((pred) =>
      timedWithCpu(() => new ScoreAccumulator(ctx, [family]).update(prepareDocuments(ctx, gold, pred)).compute()),
    );
    console.log(`    ${family.id.padEnd(14)} ${ms(median(runs.map((r) => r[1])))}  CPU ${ms(median(runs.map((r) => r[2])))}`);
  }
  // LCA, MGIA and GIE are cached per pair of label sets and taxonomy (label-set-memo.ts), so
  // the figures above are with warm caches; a freshly read taxonomy starts with empty ones.
  const cold: Record<string, number[]> = { lca: [], mgia: [] };
  for (let pass = 0; pass < 5; pass++) {
    const fresh = await readTaxonomyFile(`${dir}/hierarchy.txt`);
    const freshCtx = scoringContext(fresh);
    const freshGold = await readLabelFile(`${dir}/blurbs_test_label.txt`, { taxonomy: fresh, role: "gold", subtask: "b" });
    const first = parseLabelText(texts[pass]!, {
      taxonomy: fresh,
      role: "prediction",
      subtask: "b",
      unknownLabels: "drop",
      fileName: files[pass]!,
    });
    for (const family of MEASURE_FAMILIES.filter((f) => f.id in cold)) {
      cold[family.id]!.push(
        timed(() => new ScoreAccumulator(freshCtx, [family]).update(prepareDocuments(freshCtx, freshGold, first)).compute())[1],
      );
    }
  }
  console.log(
    `  one submission with empty caches (fresh taxonomy, median of 5): lca ${ms(median(cold.lca!))}, mgia ${ms(median(cold.mgia!))}`,
  );
  return { coreCpu: medianCpu.core, allCpu: medianCpu.all };
}

/**
 * All measures plus 1,000 bootstrap resamples per submission: one pass records the documents'
 * statistics and reduces their total (`evaluateRecorded`), then the intervals resample them.
 * Each submission's bootstrap is timed back to back with its core (flat + HC + hP/hR/hF, parse +
 * score, as `germevalBench` times it), which one first in turns, so that a change of the machine's
 * load weighs on both sides of the ratio alike. Returns the median CPU milliseconds of each.
 */
export async function germevalBootstrapBench(dir: string, resamples = 1000): Promise<{ bootstrapCpu: number; coreCpu: number }> {
  const taxonomy = await readTaxonomyFile(`${dir}/hierarchy.txt`);
  const gold = await readLabelFile(`${dir}/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask: "b" });
  const files = readdirSync(`${dir}/submissions`).filter((f) => readFileSync(`${dir}/submissions/${f}`, "utf8").includes("subtask_b"));
  const texts = files.map((f) => readFileSync(`${dir}/submissions/${f}`));
  const parse = (i: number) =>
    parseLabelText(texts[i]!, { taxonomy, role: "prediction", subtask: "b", unknownLabels: "drop", fileName: files[i]! });
  const preds = texts.map((_, i) => parse(i));
  const bootstrap = (pred: LabelFile) =>
    bootstrapIntervals(evaluateRecorded({ taxonomy, gold, pred, metrics: "all" }).recorded, { resamples, seed: 1 });
  const core = (i: number) => evaluate({ taxonomy, gold, pred: parse(i) });
  // One warm-up pass, as for the core and all families above, so the JIT has compiled the hot paths.
  preds.forEach((pred, i) => {
    bootstrap(pred);
    core(i);
  });
  const times: number[] = [];
  const cpu: number[] = [];
  const coreCpu: number[] = [];
  preds.forEach((pred, i) => {
    const timeCore = () => coreCpu.push(timedWithCpu(() => core(i))[2]);
    if (i % 2 === 1) timeCore();
    const [, t, c] = timedWithCpu(() => bootstrap(pred));
    times.push(t);
    cpu.push(c);
    if (i % 2 === 0) timeCore();
  });
  console.log(
    `  all measures + ${resamples} bootstrap resamples, median per submission: ${ms(median(times))} (max ${ms(Math.max(...times))})`,
  );
  console.log(`    CPU per submission: median ${againstTarget(median(cpu), BOOTSTRAP_TARGET_MS)} (max ${ms(Math.max(...cpu))})`);
  return { bootstrapCpu: median(cpu), coreCpu: median(coreCpu) };
}

/**
 * The compare page's paired tests: approximate randomisation, 1,000 resamples, under its three
 * measures at once (`pairedTests`), for consecutive pairs of subtask-b submissions; CPU time, so
 * that other work on the machine does not count.
 */
export async function germevalPairedTestBench(dir: string, measures = ["hc.f1", "flat.micro.f1", "hierarchical.f1"]): Promise<void> {
  const taxonomy = await readTaxonomyFile(`${dir}/hierarchy.txt`);
  const gold = await readLabelFile(`${dir}/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask: "b" });
  const files = readdirSync(`${dir}/submissions`).filter((f) => readFileSync(`${dir}/submissions/${f}`, "utf8").includes("subtask_b"));
  const recorded = [];
  for (const file of files.slice(0, 9)) {
    const pred = await readLabelFile(`${dir}/submissions/${file}`, { taxonomy, role: "prediction", subtask: "b", unknownLabels: "drop" });
    recorded.push(recordEvaluation({ taxonomy, gold, pred, metrics: ["flat", "hc", "hierarchical"] }));
  }
  const cpu: number[] = [];
  for (let i = 0; i + 1 < recorded.length; i++) {
    const start = process.cpuUsage();
    pairedTests(recorded[i]!, recorded[i + 1]!, measures, { method: "randomization", resamples: 1000, seed: 1 });
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `  paired test of a compare page (${measures.join(", ")}; 1000 resamples), CPU per pair: median ${ms(median(cpu))} (max ${ms(Math.max(...cpu))}, ${cpu.length} pairs)`,
  );
}
