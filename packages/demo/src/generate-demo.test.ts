import { evaluate, kendallTauB, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { generateDemo } from "./generate-demo.ts";
import { DEMO_MEASURES, scoreDemo } from "./score-demo.ts";

const demo = generateDemo({ seed: 2019 });

describe("generateDemo: files the engine accepts", () => {
  const taxonomy = parseTaxonomy(demo.taxonomyTsv, { fileName: "taxonomy.tsv" });

  it("builds a three-level DAG taxonomy of about 300 labels", () => {
    expect(taxonomy.size).toBeGreaterThanOrEqual(250);
    expect(taxonomy.size).toBeLessThanOrEqual(350);
    expect(taxonomy.maxDepth).toBe(3);
    expect(taxonomy.isDag).toBe(true);
    const multiParent = taxonomy.parents.filter((parents) => parents.length > 1).length;
    expect(multiParent).toBeGreaterThanOrEqual(5);
    expect(taxonomy.warnings).toEqual([]);
  });

  it("writes gold for 2,000 documents, every label with its ancestors", () => {
    const gold = parseLabelText(demo.goldTsv, { taxonomy, role: "gold", fileName: "gold.tsv" });
    expect(gold.documents).toBe(2000);
    expect(gold.warnings).toEqual([]);
    for (const entry of gold.entries.values()) {
      for (const label of entry.labels) {
        const parents = taxonomy.parents[label]!;
        // Each label's primary parent (or the root) is among the document's labels.
        expect(parents.some((p) => p === 0 || entry.labels.includes(p))).toBe(true);
      }
    }
  });

  it("gives six teams, one soft, each covering every document without warnings", () => {
    const gold = parseLabelText(demo.goldTsv, { taxonomy, role: "gold" });
    expect(demo.teams.map((t) => t.name)).toEqual(["Kestrel", "Magpie", "Heron", "Swift", "Dodo", "Owl"]);
    expect(demo.teams.map((t) => t.behaviour)).toEqual([
      "strong",
      "over-specialised",
      "under-specialised",
      "flat-leaves",
      "random",
      "soft-scores",
    ]);
    expect(new Set(demo.teams.map((t) => t.fileName)).size).toBe(6);
    for (const team of demo.teams) {
      const pred = parseLabelText(team.content, { taxonomy, role: "prediction", fileName: team.fileName });
      expect(pred.documents).toBe(2000);
      expect(pred.hasScores).toBe(team.behaviour === "soft-scores");
      expect(evaluate({ taxonomy, gold, pred }).warnings).toEqual([]);
    }
  });

  it("is deterministic: the same seed gives byte-identical files, another seed different ones", () => {
    expect(generateDemo({ seed: 2019 })).toEqual(demo);
    const other = generateDemo({ seed: 7 });
    expect(other.goldTsv).not.toBe(demo.goldTsv);
    expect(other.teams[0]!.content).not.toBe(demo.teams[0]!.content);
  });

  it("honours a smaller document count", () => {
    const small = generateDemo({ seed: 1, documents: 50 });
    expect(small.goldTsv.trimEnd().split("\n")).toHaveLength(50);
    for (const team of small.teams) expect(team.content.trimEnd().split("\n")).toHaveLength(50);
  });
});

describe("the demo's rankings tell a story", () => {
  for (const seed of [2019, 1, 42]) {
    it(`differ between HC-F1, flat micro-F1, subset accuracy and hF (seed ${seed})`, () => {
      const scores = scoreDemo(generateDemo({ seed }));
      expect(scores.measures).toEqual(DEMO_MEASURES);
      const rank = (team: string, measure: string) =>
        scores.rows.find((r) => r.team === team)!.ranks[DEMO_MEASURES.indexOf(measure as never)]!;
      const column = (m: number) => scores.rows.map((row) => row.values[m]!);

      // Every pair of measures orders the six teams differently.
      for (let a = 0; a < DEMO_MEASURES.length; a++) {
        for (let b = a + 1; b < DEMO_MEASURES.length; b++) {
          expect(kendallTauB(column(a), column(b)), `${DEMO_MEASURES[a]} vs ${DEMO_MEASURES[b]}`).toBeLessThan(1);
        }
      }
      // The strong team wins everywhere; the random one is last under HC, flat F1 and hF.
      for (const measure of DEMO_MEASURES) expect(rank("Kestrel", measure)).toBe(1);
      for (const measure of ["hc.f1", "flat.micro.f1", "hierarchical.f1"]) expect(rank("Dodo", measure)).toBe(6);
      // Leaves without ancestors: second under HC (the engine implies the ancestors), near the bottom flat.
      expect(rank("Swift", "hc.f1")).toBe(2);
      expect(rank("Swift", "flat.micro.f1")).toBeGreaterThanOrEqual(5);
      expect(rank("Swift", "flat.subsetAccuracy")).toBeGreaterThanOrEqual(5);
      // HC prefers stopping early to guessing a wrong leaf; flat F1 and hF prefer the guesser.
      expect(rank("Heron", "hc.f1")).toBeLessThan(rank("Magpie", "hc.f1"));
      expect(rank("Magpie", "flat.micro.f1")).toBeLessThan(rank("Heron", "flat.micro.f1"));
      expect(rank("Magpie", "hierarchical.f1")).toBeLessThan(rank("Heron", "hierarchical.f1"));
    });
  }
});
