import { describe, expect, it } from "vitest";
import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";
import { idsOf, taxonomyOf } from "../testing/family-test-kit.ts";
import { mgiaNetworkError } from "../mgia/mgia-network-error.ts";
import { hemkitLcaGraphs } from "./hemkit-lca-graphs.ts";
import { meetingPairs, mostSpecific, upPaths } from "./hemkit-meeting-pairs.ts";
import { lcaCounts } from "./lca-family.ts";
import { parseZeroDivision } from "../../scoring/zero-division.ts";

const names = (t: Taxonomy, ids: readonly number[]): string[] => ids.map((id) => (id === ROOT ? "<root>" : t.names[id]!));

describe("HEMKit's LCA graphs, worked by hand", () => {
  // The worked example of ../shared/data/hemkit/README.md, numbered A=1, A1=2, B=3, B1=4, T=5, M=6, G=7, P=8.
  const t = taxonomyOf([
    [null, "A"],
    ["A", "A1"],
    [null, "B"],
    ["B", "B1"],
    [null, "T"],
    ["T", "M"],
    ["M", "G"],
    ["T", "P"],
  ]);

  it("numbers nodes in the order they first appear, as HEMKit does", () => {
    expect(idsOf(t, ["A", "A1", "B", "B1", "T", "M", "G", "P"])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("gold {A, G}, prediction {P, G, B}: P meets G's path at T first and is never tried through the root", () => {
    const [A, G, P, B] = idsOf(t, ["A", "G", "P", "B"]) as [number, number, number, number];
    const pairs = meetingPairs(t, P, [A, G]);
    expect(pairs.map((p) => [names(t, p.own), names(t, p.other), p.length])).toEqual([[["P", "T"], ["G", "M", "T"], 3]]);
    const graphs = hemkitLcaGraphs(t, [A, G], [P, G, B]);
    expect(names(t, graphs.gold)).toEqual(["<root>", "A", "T", "M", "G"]);
    expect(names(t, graphs.predicted)).toEqual(["<root>", "B", "T", "G", "P"]);
    // Shared {root, T, G}: LCA-P = LCA-R = 3/5.
    expect(lcaCounts(t, [A, G], [P, G, B])).toEqual({ tp: 3, predicted: 5, gold: 5 });
    // The exact minimum links P through the root and leaves the root out.
    expect(lcaCounts(t, [A, G], [P, G, B], "minimal")).toEqual({ tp: 1, predicted: 4, gold: 2 });
  });

  it("reduces each set to its most specific labels first (written-out ancestors vanish)", () => {
    const [T, M, G, P] = idsOf(t, ["T", "M", "G", "P"]) as [number, number, number, number];
    expect(mostSpecific(t, [T, M, G])).toEqual([G]);
    expect(mostSpecific(t, [T, P, M])).toEqual([M, P]);
    expect(hemkitLcaGraphs(t, [T, M, G], [T, P])).toEqual(hemkitLcaGraphs(t, [G], [P]));
    // G meets P at T: G_t = {T, M, G}, G_p = {T, P}; hF would count T twice and M, so it differs.
    expect(names(t, hemkitLcaGraphs(t, [G], [P]).gold)).toEqual(["T", "M", "G"]);
  });

  it("an empty prediction: G_t is the reduced gold, G_p is empty", () => {
    const [T, G] = idsOf(t, ["T", "G"]) as [number, number];
    expect(hemkitLcaGraphs(t, [T, G], [])).toEqual({ gold: [G], predicted: [] });
  });

  it("lists a DAG node's upward paths depth first, parents in ascending id", () => {
    // root → X (1), root → Y (2), X → Z, Y → Z: Z's paths go through X first.
    const dag = taxonomyOf([
      [null, "X"],
      [null, "Y"],
      ["Y", "Z"],
      ["X", "Z"],
    ]);
    const [Z] = idsOf(dag, ["Z"]) as [number];
    expect(upPaths(dag, Z).map((p) => names(dag, p))).toEqual([
      ["Z", "X", "<root>"],
      ["Z", "Y", "<root>"],
    ]);
  });
});

describe("the @examples of upPaths, mostSpecific, meetingPairs and parseZeroDivision", () => {
  it("mirrors them on root → A → {B, C} and A → B → C", () => {
    const t = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["A", "C"],
    ]);
    const [A, B, C] = idsOf(t, ["A", "B", "C"]) as [number, number, number];
    expect(upPaths(t, C)).toEqual([[C, A, ROOT]]);
    const pairs = meetingPairs(t, B, [C]);
    expect(pairs.map((p) => ({ own: p.own, other: p.other, partner: p.partner, meeting: p.meeting, length: p.length }))).toEqual([
      { own: [B, A], other: [C, A], partner: C, meeting: A, length: 2 },
    ]);
    const chain = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["B", "C"],
    ]);
    const [cA, cB, cC] = idsOf(chain, ["A", "B", "C"]) as [number, number, number];
    expect(mostSpecific(chain, [cA, cB, cC])).toEqual([cC]);
    expect(mostSpecific(chain, [cB])).toEqual([cB]);
    expect(parseZeroDivision(undefined)).toBe(0);
    expect(parseZeroDivision("nan")).toBe("nan");
  });
});

describe("the MGIA network charges a chosen pair once (README examples, A → {B, C}, D = 6)", () => {
  const t = taxonomyOf([
    [null, "A"],
    ["A", "B"],
    ["A", "C"],
  ]);
  const [B, C] = idsOf(t, ["B", "C"]) as [number, number];

  it("gold {B}, prediction {C}: E = 2, not 4", () => {
    expect(mgiaNetworkError(t, [B], [C], 6)).toEqual({ error: 2, union: 2, symmetricDifference: 2 });
    expect(mgiaNetworkError(t, [B], [C], 4)).toEqual({ error: 2, union: 2, symmetricDifference: 2 });
  });

  it("gold {B, C}, prediction {B}: E = 2 over |Y ∪ Ŷ| = 2 and |Y Δ Ŷ| = 1", () => {
    expect(mgiaNetworkError(t, [B, C], [B], 6)).toEqual({ error: 2, union: 2, symmetricDifference: 1 });
  });

  it("a pair at distance D or more goes to the default class; an empty prediction sends every gold label there", () => {
    // d(B, C) = 2 ≥ D: B and C each go to the default class at D.
    expect(mgiaNetworkError(t, [B], [C], 2)).toEqual({ error: 4, union: 2, symmetricDifference: 2 });
    expect(mgiaNetworkError(t, [B], [C], 1)).toEqual({ error: 2, union: 2, symmetricDifference: 2 });
    expect(mgiaNetworkError(t, [B, C], [], 6)).toEqual({ error: 12, union: 2, symmetricDifference: 2 });
  });
});
