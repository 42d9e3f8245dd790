import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cafaBench } from "./cafa-bench.ts";
import { germevalBench, germevalBootstrapBench, germevalPairedTestBench } from "./germeval-bench.ts";
import { syntheticBench } from "./synthetic-bench.ts";
import { wideLineBench } from "./wide-line-bench.ts";
import { widePredictionBench } from "./wide-prediction-bench.ts";

// pnpm bench [-- germeval|synthetic|parsers|wide-prediction|cafa]: prints numbers, asserts nothing.
const shared = process.env.HIERBOARD_SHARED ?? fileURLToPath(new URL("../../../../shared", import.meta.url));
const germeval = `${shared}/data/germeval2019`;
const only = process.argv[2];

if (!only || only === "germeval") {
  if (existsSync(germeval)) {
    await germevalBench(germeval);
    await germevalBootstrapBench(germeval);
    await germevalPairedTestBench(germeval);
  } else console.log(`GermEval benchmark skipped: ${germeval} is absent.`);
}
if (!only || only === "synthetic") syntheticBench(50_000, 200_000);
if (!only || only === "parsers") await wideLineBench();
if (!only || only === "wide-prediction") widePredictionBench();
if (!only || only === "cafa") cafaBench();
