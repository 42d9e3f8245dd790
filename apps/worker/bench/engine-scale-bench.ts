// Engine-level sharded scoring at LSHTC scale: the worker's own plan / shard / merge code on a
// synthetic DAG of 325k classes and 1M documents, shards scored by 1, 2 and 4 processes, merged
// in this process. Prints wall time, documents/s and each process's peak RSS. No database or
// queue: see pipeline-scale-bench.ts for the same path through Postgres, Redis and workers.
import { spawn } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import {
  decodeShardPart,
  flattenMeasures,
  MEASURE_FAMILIES,
  parseLabelText,
  parseTaxonomy,
  scoringContext,
  ShardLayout,
  ShardMerger,
  type ShardPart,
} from "@hierboard/metrics";
import type { ScoringShardJobData } from "@hierboard/queue";
import { planShards } from "@hierboard/platform";
import { lshtcTask } from "./lshtc-task.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const SHARD = Number(process.env.BENCH_SHARD_DOCUMENTS ?? 50_000);
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
/** The LSHTC-scale target: all families under 100 CPU s per 1M documents. */
const SCORING_CPU_TARGET_S = 100;
const here = path.dirname(fileURLToPath(import.meta.url));
const fmt = (n: number) => Math.round(n).toLocaleString("en");

let t = performance.now();
const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hb-bench"), NODES, DOCUMENTS);
console.log(
  `LSHTC-scale task: ${fmt(NODES)} classes, ${fmt(DOCUMENTS)} documents (files in ${files.dir}, ${((performance.now() - t) / 1000).toFixed(1)} s to write or find)`,
);
t = performance.now();
const size = readFileSync(files.pred).byteLength;
const plan = await planShards(createReadStream(files.pred, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, {
  fileName: "pred.tsv",
  totalBytes: size,
  limits: { maxDocuments: SHARD, maxBytes: 1 << 30 },
});
const shards: ScoringShardJobData[] = plan.shards.map((s, shard) => ({
  ...s,
  submissionId: "bench",
  shard,
  shards: plan.shards.length,
  goldVersion: 1,
  format: plan.format,
}));
console.log(
  `  plan: ${shards.length} shards of ≤ ${fmt(SHARD)} documents in ${(performance.now() - t).toFixed(0)} ms (${(size / 2 ** 20).toFixed(0)} MiB prediction, one streaming pass)`,
);

t = performance.now();
const taxonomy = parseTaxonomy(readFileSync(files.taxonomy), { fileName: "taxonomy.tsv" });
const gold = parseLabelText(readFileSync(files.gold), { taxonomy, role: "gold", fileName: "gold.tsv" });
const layout = new ShardLayout(scoringContext(taxonomy, {}), [...MEASURE_FAMILIES]);
console.log(
  `  merging process: taxonomy (${taxonomy.isDag ? "DAG" : "tree"}, depth ${taxonomy.maxDepth}) and gold loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const tmp = mkdtempSync(path.join(tmpdir(), "hb-scale-"));
let reference: Record<string, number> | undefined;
try {
  for (const n of WORKERS) {
    const start = performance.now();
    const runs = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const mine = shards.filter((s) => s.shard % n === i);
        const shardsFile = path.join(tmp, `shards-${n}-${i}.json`);
        const outFile = path.join(tmp, `out-${n}-${i}.json`);
        writeFileSync(shardsFile, JSON.stringify(mine));
        return new Promise<{
          stats: { loadMs: number; scoreMs: number; cpuS: number; scoreCpuS: number; peakRssMiB: number; documents: number };
          outFile: string;
        }>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ["--import", "tsx", path.join(here, "engine-shard-process.ts"), files.taxonomy, files.gold, files.pred, shardsFile, outFile],
            { stdio: ["ignore", "pipe", "inherit"] },
          );
          let out = "";
          child.stdout.on("data", (d: Buffer) => (out += d.toString()));
          child.on("exit", (code) =>
            code === 0
              ? resolve({ stats: JSON.parse(out.trim().split("\n").pop()!), outFile })
              : reject(new Error(`shard process exited with ${code}`)),
          );
        });
      }),
    );
    const scoredAt = performance.now();
    // Parts are decoded and merged one at a time, as the scoring job does (with the whole gold at hand here).
    const encoded = runs.flatMap((r) => JSON.parse(readFileSync(r.outFile, "utf8")) as string[]);
    const decode = (k: number): ShardPart => decodeShardPart(inflateRawSync(Buffer.from(encoded[k]!, "base64")));
    const first = decode(0);
    const merger = new ShardMerger(layout, gold, { fileName: "pred.tsv", perDocument: first.perDocumentFamilies, nameMissingIds: false });
    merger.add(first);
    for (let k = 1; k < encoded.length; k++) merger.add(decode(k));
    const merged = merger.finish();
    const end = performance.now();
    const values = flattenMeasures(merged.evaluation);
    if (reference) {
      const differing = Object.keys(reference).filter((k) => !Object.is(reference![k], values[k]));
      if (differing.length) throw new Error(`${n} processes disagree with 1 process on ${differing.join(", ")}`);
    } else reference = values;
    const wall = (end - start) / 1000;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `  ${n} process${n === 1 ? "" : "es"}: ${wall.toFixed(1)} s wall (merge ${((end - scoredAt) / 1000).toFixed(1)} s), ${fmt(DOCUMENTS / wall)} documents/s; hc.f1 ${values["hc.f1"]?.toFixed(6)}; load average after: ${load} on ${cpus().length} cores`,
    );
    for (const r of runs) {
      console.log(
        `      process: ${fmt(r.stats.documents)} docs, load taxonomy+gold ${(r.stats.loadMs / 1000).toFixed(1)} s, score ${(r.stats.scoreMs / 1000).toFixed(1)} s, ${r.stats.cpuS.toFixed(0)} CPU s, peak RSS ${fmt(r.stats.peakRssMiB)} MiB`,
      );
    }
    // The target's figure: scoring CPU (shards parsed, recorded and encoded; loading excluded) per 1M documents.
    const scoreCpuS = runs.reduce((sum, r) => sum + r.stats.scoreCpuS, 0);
    const perMillion = (scoreCpuS * 1e6) / DOCUMENTS;
    console.log(
      `      scoring CPU ${scoreCpuS.toFixed(1)} s in all → ${perMillion.toFixed(0)} CPU s per 1M documents (target < ${SCORING_CPU_TARGET_S} CPU s, ${perMillion < SCORING_CPU_TARGET_S ? "met" : `missed by ${Math.round((100 * (perMillion - SCORING_CPU_TARGET_S)) / SCORING_CPU_TARGET_S)} %`})`,
    );
  }
  console.log(`  merging process peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MiB; results identical for every process count`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
