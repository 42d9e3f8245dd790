import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import type { LabelFile } from "../src/labels/label-file.ts";
import { readLabelFile, readTaxonomyFile } from "../src/node/read-files.ts";
import { evaluate, type Evaluation } from "../src/engine/evaluate.ts";
import { cutTaxonomy } from "../src/taxonomy/cut-taxonomy.ts";
import type { Taxonomy } from "../src/taxonomy/taxonomy.ts";
import { describeWithShared, GERMEVAL_DIR } from "./shared-data.ts";

type Expected = Record<string, unknown>;

/** Compares every value the expected file holds: counts exactly, rates to 1e-9. */
function expectMatches(expected: Expected, actual: unknown, path: string): void {
  for (const [key, want] of Object.entries(expected)) {
    const got = (actual as Record<string, unknown> | undefined)?.[key];
    const where = `${path}.${key}`;
    if (typeof want === "object" && want !== null) expectMatches(want as Expected, got, where);
    else if (Number.isInteger(want)) expect(got, where).toBe(want);
    else expect(Math.abs((got as number) - (want as number)), `${where}: expected ${want}, got ${got}`).toBeLessThanOrEqual(1e-9);
  }
}

for (const subtask of ["a", "b"] as const) {
  describeWithShared(
    `GermEval 2019 subtask ${subtask}: official scorer and HC reference values`,
    `data/germeval2019/expected/subtask-${subtask}.json`,
    () => {
      const expected = JSON.parse(readFileSync(`${GERMEVAL_DIR}/expected/subtask-${subtask}.json`, "utf8")) as Record<string, Expected>;
      let taxonomy: Taxonomy;
      let gold: LabelFile;

      beforeAll(async () => {
        const full = await readTaxonomyFile(`${GERMEVAL_DIR}/hierarchy.txt`);
        // Subtask A is the taxonomy cut to its top level.
        taxonomy = subtask === "a" ? cutTaxonomy(full, 1) : full;
        gold = await readLabelFile(`${GERMEVAL_DIR}/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask });
      });

      it("has every system of the expected file", () => {
        expect(Object.keys(expected).length).toBe(subtask === "a" ? 21 : 19);
      });

      it.each(Object.keys(expected))("%s", async (system) => {
        // The official scorer ignored labels outside the subtask's label set.
        const pred = await readLabelFile(`${GERMEVAL_DIR}/submissions/${system}.txt`, {
          taxonomy,
          role: "prediction",
          subtask,
          unknownLabels: "drop",
        });
        const result: Evaluation = evaluate({ taxonomy, gold, pred });
        expectMatches(expected[system]!, result, system);
        if (subtask === "b") {
          // A property of the published HC method: TP+FN is the same for every system.
          const hc = result.hc as { tp: number; fn: number };
          expect(hc.tp + hc.fn).toBe(15_110);
          expect(
            (result.flat as { micro: { tp: number; fn: number } }).micro.tp + (result.flat as { micro: { fn: number } }).micro.fn,
          ).toBe(13_052);
        } else {
          // On a one-level taxonomy HC's TP/FP/FN are the flat micro counts.
          const hc = result.hc as Record<string, number>;
          const micro = (result.flat as { micro: Record<string, number> }).micro;
          expect([hc.tp, hc.fp, hc.fn]).toEqual([micro.tp, micro.fp, micro.fn]);
        }
      });
    },
  );
}
