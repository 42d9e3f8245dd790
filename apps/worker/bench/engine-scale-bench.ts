// Engine-level sharded scoring at LSHTC scale: the worker's own plan / shard / merge code on a
// synthetic DAG of 325k classes and 1M documents, shards scored by 1, 2 and 4 processes, merged
// in this process. Prints wall time, documents/s and each process's peak RSS. No database or
// queue: see pipeline-scale-bench.ts for the same path through Postgres, Redis and workers.
import { spawn } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flattenMeasures, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import type { ScoringShardJobData } from "@hierboard/queue";
import {
  decodeShardResult,
  mergeShardResults,
  planShards,
  scoreShardFrom,
  wholeGoldSource,
  type EncodedShardResult,
} from "@hierboard/platform";
import { benchSetup } from "./bench-setup.ts";
import { lshtcTask } from "./lshtc-task.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const SHARD = Number(process.env.BENCH_SHARD_DOCUMENTS ?? 50_000);
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
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
const setup = benchSetup(taxonomy, gold);
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
          stats: { loadMs: number; scoreMs: number; cpuS: number; peakRssMiB: number; documents: number };
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
    const results = runs.flatMap((r) => (JSON.parse(readFileSync(r.outFile, "utf8")) as EncodedShardResult[]).map(decodeShardResult));
    const merged = await mergeShardResults(setup, "pred.tsv", results, (k, families) =>
      scoreShardFrom(
        setup,
        wholeGoldSource(setup.gold),
        "pred.tsv",
        shards[k]!,
        createReadStream(files.pred, { start: shards[k]!.byteStart, end: shards[k]!.byteEnd - 1 }) as AsyncIterable<Buffer>,
        families,
      ),
    );
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
  }
  console.log(`  merging process peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MiB; results identical for every process count`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
