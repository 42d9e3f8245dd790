import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { describeWithShared, SHARED_DIR } from "../../../test/shared-data.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { ROOT } from "../../taxonomy/taxonomy.ts";
import { greedyGoldLabels } from "../../paths/greedy-path-cover.ts";
import { documentConfusion } from "./document-confusion.ts";

interface HcCase {
  edges: [string, string][];
  true_labels: string[];
  pred_paths: string[][];
  TP_TN_FP_FN: [number, number, number, number];
}

// This case exists only because the published loader reads an empty field as a
// label named ""; here an empty field carries no label (hc-semantics.md).
const LOADER_ARTEFACT = "empty_string_label_like_germeval_1A";

describeWithShared("HC worked examples of the published implementation (data/hc-examples.json)", "data/hc-examples.json", () => {
  const cases = Object.entries(
    (JSON.parse(readFileSync(`${SHARED_DIR}/data/hc-examples.json`, "utf8")) as { cases: Record<string, HcCase> }).cases,
  ).filter(([name]) => name !== LOADER_ARTEFACT);

  it("covers the paper's four problems and the edge cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(22);
  });

  it.each(cases)("%s", (_name, c) => {
    // The file names the root explicitly; the engine's root is virtual.
    const taxonomy = buildTaxonomy(
      c.edges.map(([parent, child], i) => ({ parent: parent === "root" ? null : parent, child, line: i + 1 })),
    );
    const id = (name: string) => (name === "root" ? ROOT : taxonomy.id(name)!);
    const gold = greedyGoldLabels(taxonomy, c.true_labels.map(id));
    const paths = c.pred_paths.map((path) => path.map(id));
    expect(documentConfusion(taxonomy, gold, paths)).toEqual(c.TP_TN_FP_FN);
  });
});
