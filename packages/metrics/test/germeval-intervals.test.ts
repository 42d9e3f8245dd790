// Issue 23's bar for honest intervals, on GermEval 2019 subtask B (three runs, every family, 1,000
// resamples, the CLI's JSON): every interval contains its measure's value or says that it does not
// (excludesEstimate), and the intervals name their method. BCa excludes its estimate less often
// than the percentile method on the same resamples.
import { expect, it } from "vitest";
import type { CliIo } from "../src/cli/cli-io.ts";
import { main } from "../src/cli/main.ts";
import { describeWithShared, GERMEVAL_DIR } from "./shared-data.ts";

const RUNS = ["Averbis__BOHB_CNN", "DFKI-SLT__full", "twistbytes__thresholding"];

interface Result {
  options: { intervalMethod: string };
  intervals: Record<string, { low: number; high: number; excludesEstimate?: true }>;
}

async function evalJson(run: string, method: "bca" | "percentile"): Promise<Result & Record<string, unknown>> {
  let out = "";
  const io: CliIo = { out: (t) => void (out += t), err: () => {}, path: (f) => f };
  const code = await main(
    [
      ...["eval", "--taxonomy", `${GERMEVAL_DIR}/hierarchy.txt`, "--gold", `${GERMEVAL_DIR}/blurbs_test_label.txt`],
      ...["--pred", `${GERMEVAL_DIR}/submissions/${run}.txt`, "--subtask", "b", "--unknown-labels", "drop"],
      ...["--metrics", "all", "--bootstrap", "1000", "--json", "--interval-method", method],
    ],
    io,
  );
  expect(code).toBe(0);
  return JSON.parse(out);
}

function measureOf(result: Record<string, unknown>, key: string): number {
  let node: unknown = result;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  return node as number;
}

/** The measures whose interval excludes their value, after checking that each says so. */
function excluded(result: Result & Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const [key, interval] of Object.entries(result.intervals)) {
    const value = measureOf(result, key);
    const contains = interval.low <= value && value <= interval.high;
    expect(interval.excludesEstimate === true, `${key}: ${value} in [${interval.low}, ${interval.high}]`).toBe(!contains);
    if (!contains) keys.push(key);
  }
  return keys;
}

describeWithShared("GermEval 2019 subtask B: bootstrap intervals", "data/germeval2019/blurbs_test_label.txt", () => {
  it.each(RUNS)(
    "%s: every interval contains its value or carries excludesEstimate; BCa by default, no more exclusions than percentile",
    async (run) => {
      const bca = await evalJson(run, "bca");
      const percentile = await evalJson(run, "percentile");
      expect(bca.options.intervalMethod).toBe("bca");
      expect(percentile.options.intervalMethod).toBe("percentile");
      expect(Object.keys(bca.intervals).length).toBe(66);
      const bcaExcluded = excluded(bca);
      const percentileExcluded = excluded(percentile);
      expect(percentileExcluded).toEqual(expect.arrayContaining(bcaExcluded));
      // The macro averages keep their label set in every resample, so none of the flat, hierarchical
      // or LCA ones excludes its value. Only non-smooth statistics still can: the distance-based macro
      // rates, whose per-class numerator max(0, TP + FpCon + FnCon) is clipped at 0 where a class's
      // contributions cancel, and the soft RMS.
      for (const key of bcaExcluded) expect(key).toMatch(/^distance\.macro\.|^soft\.rms/);
    },
    120_000,
  );
});
