// One web process's engine work on an LSHTC-scale upload, in a process of its own so that its peak
// RSS is the validation's: the gold check of an organiser's gold upload (the thread parses the
// taxonomy and the gold and keeps both), then the validation of a prediction against them, both
// through the web's engine pool (`runInEngineThread`). Prints one JSON line per step.
// Built and spawned by validate-upload-bench.ts: node validate-upload-process.mjs TAXONOMY GOLD PRED
import { readFileSync } from "node:fs";
import { sha256Hex } from "../src/context/sha256.ts";
import { closeEnginePool, runInEngineThread } from "../src/scoring/engine/engine-pool.ts";
import type { EngineTask } from "../src/scoring/engine/engine-tasks.ts";

const [taxonomyPath, goldPath, predPath] = process.argv.slice(2) as [string, string, string];
const read = (file: string): Uint8Array => readFileSync(file);
const taxonomy = { hash: "", fileName: "taxonomy.tsv", maxDepth: null, content: read(taxonomyPath) };
taxonomy.hash = sha256Hex(taxonomy.content);
const gold = { fileName: "gold.tsv", content: read(goldPath) };
const goldHash = sha256Hex(gold.content);
const pred = read(predPath);

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
function report(step: string, started: number, cpuBefore: NodeJS.CpuUsage, value: unknown): void {
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    JSON.stringify({
      step,
      wallS: (performance.now() - started) / 1000,
      cpuS: (cpu.user + cpu.system) / 1e6,
      rssMiB: mib(process.memoryUsage().rss),
      peakRssMiB: mib(process.resourceUsage().maxRSS * 1024),
      value,
    }),
  );
}

report("files read", performance.now(), process.cpuUsage(), { execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS ?? null });
let started = performance.now();
let cpu = process.cpuUsage();
// A tiny task first, so that the thread's own start (its loader and modules) is a step of its own.
await runInEngineThread({ kind: "check-ia", fileName: "ia.tsv", content: new TextEncoder().encode("t\t0.5\n") }, async (task) => task);
report("engine thread started", started, cpu, null);
started = performance.now();
cpu = process.cpuUsage();
const checked = await runInEngineThread(
  { kind: "check-gold", taxonomy, section: undefined, fileName: gold.fileName, content: gold.content },
  async (task) => task,
);
report("gold upload checked", started, cpu, checked);

started = performance.now();
cpu = process.cpuUsage();
const task: EngineTask = {
  kind: "validate",
  taxonomy: { hash: taxonomy.hash, fileName: taxonomy.fileName, maxDepth: null },
  gold: { hash: goldHash, fileName: gold.fileName, section: undefined },
  unknownLabels: "error",
  missingDocuments: "error",
  maxLabelsPerDocument: 1000,
  cafa: false,
  fileName: "pred.tsv",
  content: pred,
};
// A thread that has not parsed the files asks for them, as the web's withGoldContent answers.
const validated = await runInEngineThread(task, async (asked) =>
  asked.kind === "validate"
    ? { ...asked, taxonomy: { ...asked.taxonomy, content: taxonomy.content }, gold: { ...asked.gold, content: gold.content } }
    : asked,
);
report("prediction validated", started, cpu, validated);
await closeEnginePool();
