// One scoring process of the engine-level scale benchmark: loads the taxonomy and the whole
// gold (as a worker does, once per hash), then scores its shards of the prediction file with the
// worker's own shard code, reading each byte range from the file. Writes the encoded parts
// to a file and prints its timings and peak RSS as one JSON line.
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { encodeShardPart, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import type { ScoringShardJobData } from "@hierboard/queue";
import { scoreShardFrom } from "@hierboard/platform";
import { benchSetup } from "./bench-setup.ts";

const [taxonomyFile, goldFile, predFile, shardsFile, outFile] = process.argv.slice(2) as [string, string, string, string, string];
const started = performance.now();
const taxonomy = parseTaxonomy(readFileSync(taxonomyFile), { fileName: "taxonomy.tsv" });
const gold = parseLabelText(readFileSync(goldFile), { taxonomy, role: "gold", fileName: "gold.tsv" });
const setup = benchSetup(taxonomy, gold);
const loaded = performance.now();
const loadCpu = process.cpuUsage();
const shards = JSON.parse(readFileSync(shardsFile, "utf8")) as ScoringShardJobData[];
const results = [];
let documents = 0;
for (const shard of shards) {
  const chunks = createReadStream(predFile, {
    start: shard.byteStart,
    end: shard.byteEnd - 1,
    highWaterMark: 1 << 20,
  }) as AsyncIterable<Buffer>;
  // The engine's part as bytes, deflated and base64 for the JSON file the merging process reads.
  const { part } = await scoreShardFrom(setup, async () => gold, "pred.tsv", shard, chunks);
  results.push(deflateRawSync(encodeShardPart(part), { level: 1 }).toString("base64"));
  documents += shard.documents;
}
const scored = performance.now();
const scoreCpu = process.cpuUsage(loadCpu);
writeFileSync(outFile, JSON.stringify(results));
const usage = process.resourceUsage();
const cpuS = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
// CPU seconds besides wall time: on a shared machine the wall time says as much about the neighbours.
console.error(
  `      (pid ${process.pid}: ${shards.length} shards, ${cpuS.toFixed(1)} CPU s in all, ${Math.round(documents / Math.max(1e-9, (scored - loaded) / 1000))} documents/s wall while scoring)`,
);
console.log(
  JSON.stringify({
    pid: process.pid,
    shards: shards.length,
    documents,
    loadMs: loaded - started,
    scoreMs: scored - loaded,
    cpuS,
    scoreCpuS: (scoreCpu.user + scoreCpu.system) / 1e6,
    peakRssMiB: usage.maxRSS / 1024,
  }),
);
