// What a scoring worker holds, step by step, at LSHTC scale: the taxonomy and the scoring layout,
// then shards of the prediction scored with the worker's own shard code (each with the gold of its
// own documents only, as a shard job loads it), a forced GC and the process's memory after each
// step. No database or queue. BENCH_SCORED_DOCUMENTS scores only the first ones;
// BENCH_SNAPSHOTS=<dir> writes a heap snapshot after each step. Run with --expose-gc:
//   cd apps/worker && BENCH_DATA_DIR=/tmp/hb-lshtc BENCH_DOCUMENTS=100000 pnpm bench:memory
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { scoreShardFrom } from "@hierboard/platform";
import { benchSetup } from "./bench-setup.ts";
import { lshtcTask } from "./lshtc-task.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
/** Documents scored (the first shards of the task), all by default. */
const SCORED = Number(process.env.BENCH_SCORED_DOCUMENTS ?? DOCUMENTS);
const SHARD = Number(process.env.BENCH_SHARD_DOCUMENTS ?? 25_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const mib = (n: number) => `${Math.round(n / 2 ** 20)} MiB`;
async function step(what: string, cpuS?: number): Promise<void> {
  // V8 frees array buffers and returns heap pages after a collection, not in it: settle, collect again.
  gc!();
  await new Promise((resolve) => setTimeout(resolve, 500));
  gc!();
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  const cpu = cpuS === undefined ? "" : `${cpuS.toFixed(1)} CPU s`;
  console.log(`| ${what} | ${mib(m.heapUsed)} | ${mib(m.heapTotal)} | ${mib(m.external)} | ${mib(m.rss)} | ${mib(peak)} | ${cpu} |`);
  if (process.env.BENCH_SNAPSHOTS)
    console.log(`  snapshot ${writeHeapSnapshot(path.join(process.env.BENCH_SNAPSHOTS, `step-${++snapshots}.heapsnapshot`))}`);
}
let snapshots = 0;

const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hb-bench"), NODES, DOCUMENTS);
console.log("| step | heap used after GC | heap total | external | RSS after GC | peak RSS so far | scoring CPU |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
await step("node + modules loaded");
const taxonomy = parseTaxonomy(readFileSync(files.taxonomy), { fileName: "taxonomy.tsv" });
await step("taxonomy parsed (the scoring layout comes with shard 1)");

// The gold and the prediction list their documents in the same order, so shard k's gold is the
// same range of gold lines: what a shard job loads by id.
const goldLines = readFileSync(files.gold, "utf8").split("\n");
const predText = readFileSync(files.pred);
let byte = 0;
let line = 1;
for (let first = 0; first < SCORED; first += SHARD) {
  const count = Math.min(SHARD, SCORED - first);
  let end = byte;
  for (let k = 0; k < count; k++) end = predText.indexOf(10, end) + 1;
  const shard = {
    submissionId: "bench",
    shard: first / SHARD,
    shards: Math.ceil(DOCUMENTS / SHARD),
    goldVersion: 1,
    format: "tsv" as const,
    byteStart: byte,
    byteEnd: end,
    firstLine: line,
    documents: count,
  };
  const goldText = goldLines.slice(first, first + count).join("\n");
  const started = process.cpuUsage();
  const gold = async () => parseLabelText(goldText, { taxonomy, role: "gold", fileName: "gold.tsv" });
  async function* chunks() {
    yield predText.subarray(byte, end);
  }
  // Only the part's size is kept: the part is dropped before the step's collection.
  const rowEntries = (
    await scoreShardFrom(
      { taxonomy, subtask: benchSetup(taxonomy, parseLabelText(goldText, { taxonomy, role: "gold" })).subtask },
      gold,
      "pred.tsv",
      shard,
      chunks(),
    )
  ).part.rowIndices.length;
  const cpu = process.cpuUsage(started);
  const rows = `${rowEntries} per-document entries, ${mib(rowEntries * 12)}`;
  await step(`+ shard ${shard.shard + 1} (${count} documents; ${rows}) scored, its part dropped`, (cpu.user + cpu.system) / 1e6);
  byte = end;
  line += count;
}
