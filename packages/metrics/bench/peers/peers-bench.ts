// pnpm bench:peers: `hierboard eval` against the reference tools found on this machine, each in its own
// process, on the same files: GermEval 2019 subtask B (Averbis) and a synthetic 50k-node DAG. Prints
// one ratio per tool and measure family; asserts nothing. The reference tools are not part of the
// repository: fetch and build them yourself and point the benchmark at them (see `peer-tools.ts`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../stats.ts";
import { type PeerDataset, germevalDataset, syntheticDataset } from "./peer-datasets.ts";
import { peerTools } from "./peer-tools.ts";
import { childCpuSeconds } from "./child-cpu.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const shared = process.env.HIERBOARD_SHARED ?? path.join(root, "..", "shared");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const syntheticDocuments = Number(process.env.BENCH_PEERS_DOCUMENTS ?? 20_000);
const workDir = process.env.BENCH_DATA_DIR ?? path.join(process.env.TMPDIR ?? "/tmp", "hb-peers");
const cliBin = path.join(root, "apps/cli/dist/bin.mjs");

interface Timing {
  wall: number;
  cpu: number;
}

/** Median wall and CPU seconds of `runs` runs of one command; a run over 60 s is not repeated. */
function time(command: string, args: readonly string[]): Timing | string {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = childCpuSeconds();
    const start = process.hrtime.bigint();
    const run = spawnSync(command, args, { encoding: "utf8", maxBuffer: 1 << 28 });
    const wall = Number(process.hrtime.bigint() - start) / 1e9;
    if (run.status !== 0) return `failed (exit ${run.status}): ${(run.stderr || run.stdout).trim().split("\n").slice(-1)[0]}`;
    walls.push(wall);
    cpus.push(childCpuSeconds() - cpuBefore);
    if (wall > 60) break;
  }
  return { wall: median(walls), cpu: median(cpus) };
}

const seconds = (t: Timing) => `${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU`;

function ensureCli(): void {
  if (existsSync(cliBin)) return;
  console.log("building the CLI (pnpm --filter @hierboard/cli build) …");
  const built = spawnSync("pnpm", ["--filter", "@hierboard/cli", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("could not build apps/cli/dist/bin.mjs");
}

function benchDataset(dataset: PeerDataset): void {
  console.log(`\n${dataset.name}`);
  for (const tool of peerTools) {
    const missing = tool.missing(dataset);
    if (missing) {
      console.log(`  ${tool.name.padEnd(8)} skipped: ${missing}`);
      continue;
    }
    const hierboard = time(process.execPath, [cliBin, "eval", ...dataset.cliArgs, ...tool.hierboardArgs, "--json"]);
    const peer = time(tool.command(), tool.args(dataset));
    if (typeof hierboard === "string" || typeof peer === "string") {
      console.log(
        `  ${tool.name.padEnd(8)} hierboard ${typeof hierboard === "string" ? hierboard : "ok"}; peer ${typeof peer === "string" ? peer : "ok"}`,
      );
      continue;
    }
    const ratio = peer.wall / hierboard.wall;
    const verdict = ratio >= 1 ? `hierboard ${ratio.toFixed(1)}× faster` : `hierboard ${(1 / ratio).toFixed(1)}× slower`;
    console.log(
      `  ${tool.name.padEnd(8)} ${tool.measures.padEnd(34)} peer ${seconds(peer)} · hierboard ${tool.hierboardArgs.join(" ") || "(default families)"} ${seconds(hierboard)} · ${verdict} (wall)`,
    );
  }
}

ensureCli();
mkdirSync(workDir, { recursive: true });
console.log(
  `peers benchmark: median of ${runs} runs per command, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const germeval = path.join(shared, "data/germeval2019");
if (existsSync(germeval)) benchDataset(germevalDataset(germeval, path.join(workDir, "germeval")));
else console.log(`GermEval skipped: ${germeval} is absent.`);
benchDataset(syntheticDataset(syntheticDocuments, path.join(workDir, "synthetic")));
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
