import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeCafaBenchFiles } from "./cafa-bench-files.ts";

interface ScoringRun {
  /** Parsing and scoring with cafa and the core families (whole: without the core-only run). */
  cpuSeconds: number;
  /** Whole: the core families alone on the same parsed input. */
  coreSeconds: number;
  /** Whole: `evaluate` with cafa and the core families. */
  withCafaSeconds: number;
  peakRssMB: number;
  /** Live heap after the parsed inputs (the taxonomy, gold, IA and, whole, the score file). */
  inputsHeapMB: number;
  /** The cafa family's own state: its layout and statistics vector. */
  familyStateMB: number;
  terms: number;
  proteins: number;
  wfmax: number[];
}

/**
 * The cafa family at Gene Ontology size: writes a GO-shaped DAG of `terms` terms in 3 namespaces,
 * `proteins` gold proteins, a score file of `scored` scores per protein and an IA file to a
 * temporary folder (`writeCafaBenchFiles`), then scores them in a separate process each way, so
 * its peak RSS is the scoring's alone, not the generator's: `whole` parses the whole score file
 * (`parseCafaScores`) and runs `evaluate` with cafa (core families included, IA-weighted, 99
 * thresholds), as a worker scores a file under its shard limits; `streamed` cuts it at proteins every
 * 32 MiB and parses and scores each shard's byte range as bytes, merged exactly, as the worker's shards do. Prints CPU seconds, peak RSS and the live memory after parsing of each, the family's
 * own state, and checks both give the same wFmax.
 */
export function cafaBench(terms = 45_000, proteins = 5_000, scored = 1_500): void {
  const dir = mkdtempSync(path.join(tmpdir(), "hierboard-cafa-bench-"));
  try {
    const files = writeCafaBenchFiles(dir, terms, proteins, scored);
    const script = fileURLToPath(new URL("./cafa-bench-score.ts", import.meta.url));
    const run = (mode: string): ScoringRun =>
      JSON.parse(
        execFileSync(process.execPath, [...process.execArgv, "--expose-gc", script, dir, mode], { encoding: "utf8" }).trim(),
      ) as ScoringRun;
    const whole = run("whole");
    const streamed = run("streamed");
    const same = whole.wfmax.every((w, j) => Object.is(w, streamed.wfmax[j]));
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    console.log(
      `cafa on a GO-shaped DAG (${whole.terms.toLocaleString("en")} terms, 3 namespaces), ${whole.proteins.toLocaleString("en")} proteins × ${scored.toLocaleString("en")} scores, IA-weighted, score file ${mb(statSync(files.pred).size)}:`,
    );
    for (const [name, r] of [
      ["whole file", whole],
      ["streamed, shards of 32 MiB of whole proteins", streamed],
    ] as const)
      console.log(
        `  ${name}: ${r.cpuSeconds.toFixed(1)} CPU s (parse, core families and cafa), peak RSS ${r.peakRssMB.toFixed(0)} MB; live memory after parsing ${r.inputsHeapMB.toFixed(0)} MB`,
      );
    console.log(
      `  the cafa family's CPU ≈ ${(whole.withCafaSeconds - whole.coreSeconds).toFixed(1)} s (evaluate with cafa ${whole.withCafaSeconds.toFixed(1)} s, core families alone ${whole.coreSeconds.toFixed(1)} s)`,
    );
    console.log(`  the cafa family's own state (layout and statistics vector): ${whole.familyStateMB.toFixed(1)} MB`);
    console.log(`  wFmax per namespace ${whole.wfmax.map((w) => w.toFixed(4)).join(", ")}; streamed equal to the bit: ${same}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
