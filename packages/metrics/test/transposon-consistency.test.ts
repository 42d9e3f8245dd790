import { readdirSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import type { LabelFile } from "../src/labels/label-file.ts";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { readLabelFile, readTaxonomyFile } from "../src/node/read-files.ts";
import { evaluate } from "../src/engine/evaluate.ts";
import type { Taxonomy } from "../src/taxonomy/taxonomy.ts";
import { describeWithShared, SHARED_DIR } from "./shared-data.ts";

const DIR = `${SHARED_DIR}/data/transposon`;

describeWithShared("Transposon tree of the HC paper: consistency across six models", "data/transposon/gold.tsv", () => {
  let taxonomy: Taxonomy;
  let gold: LabelFile;
  const models = () => readdirSync(DIR).filter((f) => f.startsWith("pred-") && f.endsWith(".tsv"));

  beforeAll(async () => {
    taxonomy = await readTaxonomyFile(`${DIR}/taxonomy.tsv`);
    gold = await readLabelFile(`${DIR}/gold.tsv`, { taxonomy, role: "gold" });
  });

  it("reads the 18-node tree and 9,006 sequences", () => {
    expect(taxonomy.size).toBe(18);
    expect(taxonomy.isDag).toBe(false);
    expect(gold.documents).toBe(9006);
  });

  it("gives every model the same HC TP+FN, and HC counts that add up", async () => {
    const totals = new Set<number>();
    for (const model of models()) {
      const pred = await readLabelFile(`${DIR}/${model}`, { taxonomy, role: "prediction" });
      const hc = evaluate({ taxonomy, gold, pred }).hc as Record<string, number>;
      totals.add(hc.tp! + hc.fn!);
      expect(hc.accuracy).toBeCloseTo((hc.tp! + hc.tn!) / (hc.tp! + hc.tn! + hc.fp! + hc.fn!), 12);
    }
    expect(models().length).toBe(6);
    expect(totals.size).toBe(1);
  });

  it("scores the RFSB model the same from labels and from explicit JSON Lines paths", async () => {
    const fromLabels = await readLabelFile(`${DIR}/pred-RFSB.tsv`, { taxonomy, role: "prediction" });
    const fromPaths = await readLabelFile(`${DIR}/pred-RFSB.paths.jsonl`, { taxonomy, role: "prediction" });
    const a = evaluate({ taxonomy, gold, pred: fromLabels });
    const b = evaluate({ taxonomy, gold, pred: fromPaths });
    expect(b.hc).toEqual(a.hc);
    expect(b.hierarchical).toEqual(a.hierarchical);
  });

  it("is stable when the documents are reordered", async () => {
    const pred = await readLabelFile(`${DIR}/pred-TopDown.tsv`, { taxonomy, role: "prediction" });
    const reversedGold = [...gold.entries.values()]
      .reverse()
      .map((d) => [d.id, ...d.labels.map((l) => taxonomy.names[l])].join("\t"))
      .join("\n");
    const regold = parseLabelText(reversedGold, { taxonomy, role: "gold" });
    const a = evaluate({ taxonomy, gold, pred });
    const b = evaluate({ taxonomy, gold: regold, pred });
    expect(b.hc).toEqual(a.hc);
    expect(b.flat).toEqual(a.flat);
  });
});
