import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../engine/evaluate.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { taxonomyOf } from "../measures/testing/family-test-kit.ts";
import { caseArb } from "../sharding/random-scoring-case.ts";
import { ERROR_KINDS, NodeStatisticsCounter, nodeStatistics, type NodeStatistics, type ViewCounts } from "./node-statistics.ts";

// root → Arts → {Music → Jazz, Film}; root → Science → Physics
const taxonomy = taxonomyOf([
  [null, "Arts"],
  [null, "Science"],
  ["Arts", "Music"],
  ["Arts", "Film"],
  ["Music", "Jazz"],
  ["Science", "Physics"],
]);
const read = (text: string, role: "gold" | "prediction") => parseLabelText(text, { taxonomy, role, fileName: `${role}.tsv` });
const id = (name: string) => taxonomy.id(name)!;
const sum = (a: Uint32Array) => a.reduce((t, v) => t + v, 0);

interface Micro {
  tp: number;
  fp: number;
  fn: number;
}
interface HierMicro {
  tp: number;
  predicted: number;
  gold: number;
}

describe("nodeStatistics", () => {
  const gold = read("d1\tMusic\nd2\tScience\nd3\tFilm\nd4\tArts\nd5\tPhysics\n", "gold");
  const pred = read("d1\tFilm\nd2\tArts\nd3\tFilm\nd4\tJazz\nd5\tScience\n", "prediction");
  const stats = nodeStatistics({ taxonomy, gold, pred });

  it("counts each node as written and with its ancestors", () => {
    expect([stats.written.support[id("Film")], stats.written.predicted[id("Film")], stats.written.tp[id("Film")]]).toEqual([1, 2, 1]);
    // Arts holds Music (d1), Film (d3) and Arts (d4) in the gold; Film, Arts, Film, Jazz in the predictions.
    expect([stats.ancestors.support[id("Arts")], stats.ancestors.predicted[id("Arts")], stats.ancestors.tp[id("Arts")]]).toEqual([3, 4, 3]);
  });

  it("says where each false positive lands", () => {
    const kind = (k: (typeof ERROR_KINDS)[number], name: string) => stats.errorKinds[ERROR_KINDS.indexOf(k)]![id(name)];
    expect(kind("sibling", "Film")).toBe(1); // d1: Film beside Music
    expect(kind("otherTopLevel", "Arts")).toBe(1); // d2: Arts for Science
    expect(kind("tooSpecific", "Jazz")).toBe(1); // d4: Jazz under Arts
    expect(kind("tooGeneral", "Science")).toBe(1); // d5: Science above Physics
    expect(stats.lcaDepths).toEqual([1, 3, 0, 0]); // LCAs: the root (d2); Arts (d1, d4) and Science (d5) at depth 1
    expect(stats.confusions).toContainEqual({ gold: id("Music"), predicted: id("Film"), count: 1 });
    expect(stats.confusions).toHaveLength(4);
  });

  it("places a false positive against the most specific gold labels, not their ancestors written beside them", () => {
    const s = nodeStatistics({ taxonomy, gold: read("d1\tArts\tMusic\n", "gold"), pred: read("d1\tArts\tFilm\n", "prediction") });
    expect(s.errorKinds[ERROR_KINDS.indexOf("sibling")]![id("Film")]).toBe(1);
    expect(s.confusions).toEqual([{ gold: id("Music"), predicted: id("Film"), count: 1 }]);
  });

  it("counts a false positive in a document with no gold label as such", () => {
    const empty = nodeStatistics({ taxonomy, gold: read("d1\n", "gold"), pred: read("d1\tFilm\n", "prediction") });
    expect(empty.errorKinds[ERROR_KINDS.indexOf("noGold")]![id("Film")]).toBe(1);
    expect(empty.confusions).toEqual([]);
  });

  it("sums exactly to the flat and hierarchical micro counts on random trees and DAGs", () => {
    fc.assert(
      fc.property(caseArb, ({ taxonomy: t, gold: goldDocs, pred: predDocs }) => {
        const goldText = goldDocs.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n");
        // Label predictions only (the TSV format has no soft scores); a document without one predicts nothing.
        const predText = goldDocs
          .flatMap((_, i) => {
            const p = predDocs[i];
            return p && "labels" in p ? [[`d${i}`, ...p.labels].join("\t")] : [];
          })
          .join("\n");
        const g = parseLabelText(goldText, { taxonomy: t, role: "gold" });
        const p = parseLabelText(predText, { taxonomy: t, role: "prediction" });
        const s = nodeStatistics({ taxonomy: t, gold: g, pred: p });
        const result = evaluate({ taxonomy: t, gold: g, pred: p, metrics: ["flat", "hierarchical"] });
        const flat = (result.flat as { micro: Micro }).micro;
        const hier = result.hierarchical as unknown as HierMicro;
        const counts = (v: ViewCounts) => ({ tp: sum(v.tp), fp: sum(v.predicted) - sum(v.tp), fn: sum(v.support) - sum(v.tp) });
        expect(counts(s.written)).toEqual({ tp: flat.tp, fp: flat.fp, fn: flat.fn });
        expect(counts(s.ancestors)).toEqual({ tp: hier.tp, fp: hier.predicted - hier.tp, fn: hier.gold - hier.tp });
        // Every written false positive has exactly one kind.
        expect(s.errorKinds.reduce((total, k) => total + sum(k), 0)).toBe(flat.fp);
        // Ancestors never count fewer than as written.
        for (let node = 1; node < t.nodeCount; node++) expect(s.ancestors.support[node]).toBeGreaterThanOrEqual(s.written.support[node]!);
      }),
      { numRuns: 150 },
    );
  });

  it("added up from parts of the documents (each with every confusion), equals the whole file's statistics", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 4 }), ({ taxonomy: t, gold: goldDocs, pred: predDocs }, parts) => {
        const goldText = goldDocs.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n");
        const predText = goldDocs
          .flatMap((_, i) => {
            const p = predDocs[i];
            return p && "labels" in p ? [[`d${i}`, ...p.labels].join("\t")] : [];
          })
          .join("\n");
        const g = parseLabelText(goldText, { taxonomy: t, role: "gold" });
        const p = parseLabelText(predText, { taxonomy: t, role: "prediction" });
        const counters = Array.from({ length: parts }, () => new NodeStatisticsCounter(t));
        [...g.entries.values()].forEach((entry, i) => counters[i % parts]!.addDocument(entry, p.entries.get(entry.id)));
        const merged = new NodeStatisticsCounter(t);
        for (const c of counters) merged.add(c.finish(Number.POSITIVE_INFINITY));
        const plain = (s: NodeStatistics) => ({ ...s, taxonomy: undefined });
        expect(plain(merged.finish(3))).toEqual(plain(nodeStatistics({ taxonomy: t, gold: g, pred: p, confusionLimit: 3 })));
      }),
      { numRuns: 100 },
    );
  });

  it("refuses to add statistics over another taxonomy, saying both sizes", () => {
    const other = taxonomyOf([[null, "Only"]]);
    const counter = new NodeStatisticsCounter(taxonomy);
    expect(() => counter.add(new NodeStatisticsCounter(other).finish())).toThrow(
      /expected statistics over a taxonomy of 7 nodes, got one of 2/,
    );
  });
});
