// The cafa bench's scoring process (see cafa-bench.ts): scores the files in `dir` and prints one
// JSON line with its CPU seconds and its own peak RSS, so the figure is the scoring's alone, and
// (run with --expose-gc) the live heap after the parsed inputs and the family's own state.
//   node --expose-gc --import tsx bench/cafa-bench-score.ts <dir> whole|streamed
import { closeSync, createReadStream, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { cpuUsage, memoryUsage, resourceUsage } from "node:process";
import { createInterface } from "node:readline";
import { evaluate, type Evaluation } from "../src/engine/evaluate.ts";
import { selectFamilies } from "../src/engine/measure-families.ts";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { cafaLayout } from "../src/measures/cafa/cafa-layout.ts";
import { parseCafaScores } from "../src/measures/cafa/parse-cafa-scores.ts";
import { parseIaFile } from "../src/measures/cafa/parse-ia-file.ts";
import { scoringContext } from "../src/scoring/scoring-context.ts";
import { ShardLayout } from "../src/sharding/shard-layout.ts";
import { ShardMerger } from "../src/sharding/shard-merger.ts";
import { scoreShardPart } from "../src/sharding/shard-part.ts";
import { parseTaxonomy } from "../src/taxonomy/parse-taxonomy.ts";

/** A shard is closed at a protein's first line once it spans this many bytes: the worker's default (WORKER_SHARD_BYTES). */
const SHARD_BYTES = 32 * 1024 * 1024;

const [dir, mode] = process.argv.slice(2) as [string, "whole" | "streamed"];
/** Live memory in MB after a full collection: the heap and typed arrays' buffers. */
const liveHeapMB = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
};
const read = (name: string) => readFileSync(path.join(dir, name));
const before = cpuUsage();
const taxonomy = parseTaxonomy(read("taxonomy.tsv"));
const gold = parseLabelText(read("gold.tsv"), { taxonomy, role: "gold", fileName: "gold.tsv" });
const extra = { cafa: { ia: parseIaFile(read("ia.tsv")) } };
// The family's own state: its per-context layout (node arrays, scratch) and its statistics vector.
const layoutOfFamily = cafaLayout(scoringContext(taxonomy, { extra }));
const familyBytes = Object.values(layoutOfFamily).reduce((n: number, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);
const familyStateMB = (familyBytes + layoutOfFamily.width * 8) / 2 ** 20;
let inputsHeapMB = 0;
/** Whole: the core families alone, scored first, so that the family's share is the difference. */
let coreSeconds = 0;
/** Whole: `evaluate` with cafa and the core families. */
let withCafaSeconds = 0;
let evaluation: Evaluation;
if (mode === "whole") {
  // The whole score file parsed, then scored: what a worker does with a file under the shard limits.
  const pred = parseCafaScores(read("pred.tsv"), { taxonomy, fileName: "pred.tsv" });
  inputsHeapMB = liveHeapMB();
  const coreOnly = cpuUsage();
  evaluate({ taxonomy, gold, pred, extra });
  const core = cpuUsage(coreOnly);
  coreSeconds = (core.user + core.system) / 1e6;
  const withCafa = cpuUsage();
  evaluation = evaluate({ taxonomy, gold, pred, metrics: ["cafa"], extra });
  const both = cpuUsage(withCafa);
  withCafaSeconds = (both.user + both.system) / 1e6;
} else {
  // As the worker's shards do: the file cut at proteins every SHARD_BYTES, each shard parsed,
  // scored and merged (exactly) before the next is read.
  const layout = new ShardLayout(scoringContext(taxonomy, { extra }), selectFamilies(["cafa"]));
  const merger = new ShardMerger(layout, gold, { fileName: "pred.tsv" });
  inputsHeapMB = liveHeapMB();
  // The file's lines read once to cut it at proteins (as the worker plans its shards), and each
  // shard's byte range read as bytes (as a shard job concatenates its range's chunks).
  const file = path.join(dir, "pred.tsv");
  const fd = openSync(file, "r");
  let shardStart = 0;
  let byte = 0;
  let firstLine = 1;
  let lineNumber = 0;
  let protein = "";
  let shard = 0;
  const flush = async (end: number) => {
    const bytes = Buffer.alloc(end - shardStart);
    readSync(fd, bytes, 0, bytes.length, shardStart);
    const pred = parseCafaScores(bytes, { taxonomy, fileName: "pred.tsv", firstLine });
    const tally = { sawContent: true, droppedUnknown: 0, unknownExamples: [], repeatedLabels: 0, repeatedPaths: 0 };
    merger.add(await scoreShardPart(layout, gold, { shard: shard++, pred, tally }));
    shardStart = end;
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    lineNumber += 1;
    const id = line.slice(0, line.indexOf("\t"));
    if (id !== protein && byte - shardStart >= SHARD_BYTES) {
      await flush(byte);
      firstLine = lineNumber;
    }
    protein = id;
    byte += Buffer.byteLength(line) + 1;
  }
  if (byte > shardStart) await flush(byte);
  closeSync(fd);
  evaluation = merger.finish().evaluation;
}
const used = cpuUsage(before);
const cpuSeconds = (used.user + used.system) / 1e6 - coreSeconds;
const namespaces = (evaluation.cafa as { namespaces: Record<string, { wfmax: number; fmax: number }> }).namespaces;
console.log(
  JSON.stringify({
    cpuSeconds,
    coreSeconds,
    withCafaSeconds,
    // resourceUsage().maxRSS is in KiB: the process's peak resident set, parsing included.
    peakRssMB: (resourceUsage().maxRSS * 1024) / 2 ** 20,
    inputsHeapMB,
    familyStateMB,
    terms: taxonomy.size,
    proteins: gold.documents,
    wfmax: Object.values(namespaces).map((n) => n.wfmax),
  }),
);
