import { readdirSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { describeWithShared, GERMEVAL_DIR } from "../../../test/shared-data.ts";
import type { LabelFile } from "../../labels/label-file.ts";
import { readLabelFile, readTaxonomyFile } from "../../node/read-files.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { prepareDocuments } from "../../scoring/prepared-document.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { lcaAugmentedSets } from "./lca-graph.ts";

// Sanity on real data; the values HEMKit gives for five systems are checked in test/hemkit-conformance.test.ts.
describeWithShared("LCA and MGIA on GermEval 2019 subtask b", "data/germeval2019/hierarchy.txt", () => {
  let taxonomy: Taxonomy;
  let gold: LabelFile;
  const submissions: { name: string; pred: LabelFile }[] = [];

  beforeAll(async () => {
    taxonomy = await readTaxonomyFile(`${GERMEVAL_DIR}/hierarchy.txt`);
    gold = await readLabelFile(`${GERMEVAL_DIR}/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask: "b" });
    for (const file of readdirSync(`${GERMEVAL_DIR}/submissions`).sort()) {
      // Three teams sent subtask a only; their files have no subtask_b section.
      const pred = await readLabelFile(`${GERMEVAL_DIR}/submissions/${file}`, {
        taxonomy,
        role: "prediction",
        subtask: "b",
        unknownLabels: "drop",
      }).catch(() => undefined);
      if (pred) submissions.push({ name: file, pred });
    }
  }); // no time limit (vitest.config.ts): reading 19 files is slow on a loaded machine

  it("scores every subtask-b submission with plausible values, and the gold perfectly", () => {
    expect(submissions.length).toBe(19);
    const perfect = evaluate({ taxonomy, gold, pred: gold, metrics: ["lca", "mgia"] });
    expect(perfect.lca).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(perfect.mgia).toMatchObject({ accuracy: 1, error: 0, gie: 0, defaultClassCost: 6 });
    for (const { name, pred } of submissions) {
      const r = evaluate({ taxonomy, gold, pred, metrics: ["lca", "mgia"] });
      const lca = r.lca as { precision: number; recall: number; f1: number };
      const mgia = r.mgia as { accuracy: number; micro: { accuracy: number }; gie: number };
      for (const value of [lca.precision, lca.recall, lca.f1, mgia.accuracy, mgia.micro.accuracy]) {
        expect(value, name).toBeGreaterThan(0.2);
        expect(value, name).toBeLessThan(1);
      }
      // GIE per document: at most D = 6 for each of the few labels of a blurb.
      expect(mgia.gie, name).toBeGreaterThan(0);
      expect(mgia.gie, name).toBeLessThan(20);
    }
  });

  it("with ancestor-closed label sets the LCA graphs add nothing (so LCA-P/R equal hP/hR there)", () => {
    // y's LCA with Ŷ is an ancestor of y, so with closed sets the path y…LCA is already in Y.
    const closed = (labels: readonly number[]): boolean => {
      const set = new Set(labels);
      return labels.every((l) => [...taxonomy.ancestors[l]!].every((a) => set.has(a)));
    };
    const ctx = scoringContext(taxonomy);
    let checked = 0;
    for (const { pred } of submissions.slice(0, 5)) {
      for (const doc of prepareDocuments(ctx, gold, pred)) {
        if (!closed(doc.goldLabels) || !closed(doc.predictedLabels) || doc.predictedLabels.length === 0) continue;
        for (const graph of ["minimal", "redundant"] as const) {
          const sets = lcaAugmentedSets(taxonomy, doc.goldLabels, doc.predictedLabels, graph);
          expect(sets.gold).toEqual([...new Set(doc.goldLabels)].sort((a, b) => a - b));
          expect(sets.predicted).toEqual([...new Set(doc.predictedLabels)].sort((a, b) => a - b));
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});
