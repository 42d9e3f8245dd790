import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cafaBench } from "./cafa-bench.ts";
import { germevalBench, germevalBootstrapBench, germevalPairedTestBench } from "./germeval-bench.ts";
import { againstRatioBar, ms } from "./stats.ts";
import { syntheticBench } from "./synthetic-bench.ts";
import { wideLineBench } from "./wide-line-bench.ts";
import { widePredictionBench } from "./wide-prediction-bench.ts";

// pnpm bench [-- germeval|synthetic|parsers|wide-prediction|cafa]: prints numbers, asserts nothing.
const shared = process.env.HIERBOARD_SHARED ?? fileURLToPath(new URL("../../../../shared", import.meta.url));
const germeval = `${shared}/data/germeval2019`;
const only = process.argv[2];

if (!only || only === "germeval") {
  if (existsSync(germeval)) {
    const { coreCpu, allCpu } = await germevalBench(germeval);
    const bootstrap = await germevalBootstrapBench(germeval);
    await germevalPairedTestBench(germeval);
    // The engine's bars, as ratios of CPU medians, each against the core timed in turns with it,
    // so that the machine's load cancels out.
    console.log("  bars, CPU against the core (flat + HC + hP/hR/hF, parse + score), timed in turns with each:");
    console.log(`    all families / core (${ms(coreCpu)}): ${againstRatioBar(allCpu / coreCpu, 2)}`);
    console.log(
      `    all families + 1000 bootstrap resamples / core (${ms(bootstrap.coreCpu)}): ${againstRatioBar(bootstrap.bootstrapCpu / bootstrap.coreCpu, 10)}`,
    );
  } else console.log(`GermEval benchmark skipped: ${germeval} is absent.`);
}
if (!only || only === "synthetic") syntheticBench(50_000, 200_000);
if (!only || only === "parsers") await wideLineBench();
if (!only || only === "wide-prediction") widePredictionBench();
if (!only || only === "cafa") cafaBench();
