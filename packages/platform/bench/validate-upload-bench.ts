// The web process's validation of an LSHTC-scale gold and prediction (325,000-class DAG,
// 1,000,000 documents; apps/worker/bench/lshtc-task.ts), each run in a fresh child process
// (validate-upload-process.ts) whose peak RSS (`resourceUsage().maxRSS`) is printed after the gold
// check and after the prediction's validation, against the 600 MB target.
// Run: pnpm --filter @hierboard/platform bench:validate   (knobs: BENCH_NODES, BENCH_DOCUMENTS,
// BENCH_RUNS, BENCH_DATA_DIR, BENCH_ENGINE_THREADS; files are written once to $TMPDIR/hb-bench)
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { lshtcTask } from "../../../apps/worker/bench/lshtc-task.ts";
import { buildEngineThread } from "../src/scoring/engine/build-engine-thread.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MB = 600;
const here = path.dirname(fileURLToPath(import.meta.url));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Step {
  step: string;
  wallS: number;
  cpuS: number;
  rssMiB: number;
  peakRssMiB: number;
  value: unknown;
}

function runOnce(files: { taxonomy: string; gold: string; pred: string }): Promise<Step[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, files.taxonomy, files.gold, files.pred], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, HIERBOARD_ENGINE_THREADS: process.env.BENCH_ENGINE_THREADS ?? "2", HIERBOARD_ENGINE_THREAD: thread },
    });
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.on("error", reject);
    proc.on("exit", (code) =>
      code === 0
        ? resolve(
            out
              .trim()
              .split("\n")
              .map((line) => JSON.parse(line) as Step),
          )
        : reject(new Error(`child exited with ${code}`)),
    );
  });
}

const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hb-bench"), NODES, DOCUMENTS);
console.log(
  `LSHTC-scale upload validation: ${NODES.toLocaleString("en")} classes, ${DOCUMENTS.toLocaleString("en")} documents (${files.dir})`,
);
// The child and its engine thread built, as the web image runs them: plain node, no tsx loader in
// either (a thread inherits the process's --import, and tsx alone costs ≈ 100 MiB a thread). The
// child sits under node_modules/.cache so that node finds piscina, which is not bundled.
const built = path.join(here, "..", "node_modules", ".cache", "validate-upload-bench");
mkdirSync(built, { recursive: true });
const thread = path.join(built, "engine-thread.mjs");
const child = path.join(built, "validate-upload-process.mjs");
await buildEngineThread(thread);
await build({
  entryPoints: [path.join(here, "validate-upload-process.ts")],
  outfile: child,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  external: ["piscina"],
  logLevel: "warning",
});
const peaks: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const before = load();
  const steps = await runOnce(files);
  console.log(`run ${run} (load ${before} → ${load()})`);
  for (const s of steps)
    console.log(
      `  ${s.step.padEnd(22)} wall ${s.wallS.toFixed(1).padStart(5)} s  CPU ${s.cpuS.toFixed(1).padStart(5)} s  RSS ${String(s.rssMiB).padStart(5)} MiB  peak ${String(s.peakRssMiB).padStart(5)} MiB`,
    );
  console.log(`  child: ${JSON.stringify(steps[0]!.value)}`);
  peaks.push(steps.at(-1)!.peakRssMiB);
}
const worst = Math.max(...peaks);
const worstMB = (worst * 2 ** 20) / 1e6;
console.log(
  `peak RSS over ${RUNS} run(s): ${Math.min(...peaks)}–${worst} MiB (${Math.round(worstMB)} MB; target < ${TARGET_MB} MB: ${worstMB < TARGET_MB ? "met" : `missed by ${Math.round(worstMB - TARGET_MB)} MB`})`,
);
