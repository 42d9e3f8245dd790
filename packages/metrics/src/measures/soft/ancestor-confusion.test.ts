import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { ancestorConfusion, type FullSampleRows, NO_RING, ringRow } from "./ancestor-confusion.ts";
import { smallTree } from "./soft-fixture.ts";

/** A{A1{A1x}, A2}, B{B1}. */
const deepTree = () =>
  buildTaxonomy([
    { parent: null, child: "A", line: 1 },
    { parent: "A", child: "A1", line: 2 },
    { parent: "A", child: "A2", line: 3 },
    { parent: null, child: "B", line: 4 },
    { parent: "B", child: "B1", line: 5 },
    { parent: "A1", child: "A1x", line: 6 },
  ]);

describe("ringRow", () => {
  it("puts each label in the ring of its deepest common ancestor (the TSDoc example)", () => {
    const t = deepTree();
    const id = (n: string) => t.id(n)!;
    const { order, size } = ringRow(t, id("A1"));
    expect(["A1", "A2", "A", "B", "B1", "A1x"].map((n) => order[id(n)])).toEqual([0, 1, 1, 2, 2, NO_RING]);
    expect([...size]).toEqual([1, 2, 2]);
  });

  it("in a DAG joins the ancestors of the level (shortest depth)", () => {
    // X and Y top level; Z under both; W under X. Z has depth 2 and two 1st-order ancestors X, Y.
    const t = buildTaxonomy([
      { parent: null, child: "X", line: 1 },
      { parent: null, child: "Y", line: 2 },
      { parent: "X", child: "Z", line: 3 },
      { parent: "Y", child: "Z", line: 4 },
      { parent: "X", child: "W", line: 5 },
      { parent: null, child: "V", line: 6 },
    ]);
    const id = (n: string) => t.id(n)!;
    const { order } = ringRow(t, id("Z"));
    expect(["Z", "X", "Y", "W", "V"].map((n) => order[id(n)])).toEqual([0, 1, 1, 1, 2]);
  });
});

describe("ancestorConfusion", () => {
  it("computes B_a and δ_a of one gold label (the TSDoc example, by hand)", () => {
    const t = smallTree();
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const rows = new Float64Array(L);
    const matrix = new Float64Array(L * L);
    const i = id("A1");
    rows[i - 1] = 1;
    for (const [name, score] of [
      ["A1", 0.6],
      ["A2", 0.2],
      ["A", 0.1],
      ["B1", 0.1],
    ] as const)
      matrix[(i - 1) * L + id(name) - 1] = score;
    const result = ancestorConfusion(t, rows, matrix);
    // R_0 = {A1}: B_0 = 0.6. R_1 = {A, A2}: B_1 = 0.3, mean 0.15, δ_1 = 0.05.
    // R_2 = {B, B1, B2}: B_2 = 0.1, mean 1/30, δ_2 = √((2·(1/30)² + (1/15)²)/3) = √(2/900).
    expect(result.confusion[0]).toBeCloseTo(0.6, 15);
    expect(result.confusion[1]).toBeCloseTo(0.3, 15);
    expect(result.confusion[2]).toBeCloseTo(0.1, 15);
    expect(result.rms[0]).toBe(0);
    expect(result.rms[1]).toBeCloseTo(0.05, 15);
    expect(result.rms[2]).toBeCloseTo(Math.sqrt(2 / 900), 15);
    expect(result.labels).toEqual({ 0: 1, 1: 1, 2: 1 });
  });

  it("averages over gold labels, only over those deep enough for the order", () => {
    const t = smallTree();
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const rows = new Float64Array(L);
    const matrix = new Float64Array(L * L);
    // two documents with gold A1: beliefs on A1 of 1 and 0.5 → M = 0.75; one document with gold B (depth 1) believing B1 0.4 (a descendant: no ring) and A 0.2
    rows[id("A1") - 1] = 2;
    matrix[(id("A1") - 1) * L + id("A1") - 1] = 1.5;
    rows[id("B") - 1] = 1;
    matrix[(id("B") - 1) * L + id("B1") - 1] = 0.4;
    matrix[(id("B") - 1) * L + id("A") - 1] = 0.2;
    const result = ancestorConfusion(t, rows, matrix);
    expect(result.confusion[0]).toBeCloseTo((0.75 + 0) / 2, 15);
    expect(result.rms[0]).toBeCloseTo(0.375, 15); // √(((0.75 − 0.375)² + (0 − 0.375)²)/2)
    expect(result.confusion[1]).toBeCloseTo((0 + 0.2) / 2, 15); // B's R_1 = {A, A1, A2}
    expect(result.confusion[2]).toBe(0); // only A1 has a 2nd-order ring
    expect(Object.is(result.rms[2], 0)).toBe(true); // its ring {B, B1, B2} has no belief: δ_2 = +0
    expect(result.labels).toEqual({ 0: 2, 1: 2, 2: 1 });
  });

  it("sums a row's listed entries ring by ring to the full scan's values, bit for bit", () => {
    // tree A{A1{A1x}, A2}, B{B1}; gold A1: rings R_0 = {A1}, R_1 = {A, A2}, R_2 = {B, B1}; A1x lies in none
    const t = deepTree();
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const at = (gold: string, label: string) => (id(gold) - 1) * L + id(label) - 1;
    const rows = new Float64Array(L);
    const matrix = new Float64Array(L * L);
    rows[id("A1") - 1] = 3;
    rows[id("B") - 1] = 7;
    // beliefs that round when divided by the row's count, in every ring and in none (A1x), interleaved in j
    const beliefs: [string, string, number][] = [
      ["A1", "A", 0.7],
      ["A1", "A1", 1.9],
      ["A1", "A2", 0.1],
      ["A1", "B", 0.2],
      ["A1", "B1", 1.3],
      ["A1", "A1x", 0.4],
      ["B", "B", 2.3],
      ["B", "A", 0.3],
      ["B", "A1x", 1.1],
      ["B", "B1", 0.9],
    ];
    for (const [gold, label, belief] of beliefs) matrix[at(gold, label)] = belief;
    // every belief listed, and two entries that are 0
    const positions = Int32Array.from([...beliefs.map(([g, l]) => at(g, l)), at("B", "A2"), at("B", "A1")]).sort();
    const scanned = ancestorConfusion(t, rows, matrix);
    expect(ancestorConfusion(t, rows, matrix, positions)).toStrictEqual(scanned);
    expect(scanned.labels).toEqual({ 0: 2, 1: 2, 2: 1 });
    expect(scanned.rms[2]).toBeGreaterThan(0);
  });

  it("reduces a leave-one-out vector from the full sample's terms and running sums to the plain values, to the bit", () => {
    const t = deepTree();
    const L = t.size;
    // the full sample: whole-number beliefs, as hard predictions give; row 2 of one document only
    const fullRows = Float64Array.from({ length: L }, (_, i) => (i === 1 ? 1 : 2 + (i % 3)));
    const fullMatrix = Float64Array.from({ length: L * L }, (_, e) => Math.min(fullRows[Math.floor(e / L)]!, (e * 5) % 7));
    const positions = Int32Array.from({ length: L * L }, (_, e) => e).filter((e) => fullMatrix[e] !== 0);
    const full: FullSampleRows = { rows: fullRows, matrix: fullMatrix };
    // a document left out: its gold rows lose one count, and the beliefs it gave (1 on `believed`)
    const leftOut = (goldRows: number[], believed: number[]) => {
      const rows = fullRows.slice();
      const matrix = fullMatrix.slice();
      for (const i of goldRows) {
        rows[i - 1]! -= 1;
        for (const j of believed) if (matrix[(i - 1) * L + j - 1]! > 0) matrix[(i - 1) * L + j - 1]! -= 1;
      }
      return { rows, matrix };
    };
    const cases: [number[], number[]][] = [
      [
        [3, 5],
        [1, 3, 4],
      ],
      [[2], [1, 2, 3, 4, 5, 6]], // the row of one document empties
      [[L], [L]],
      [[1], []],
      [[], []],
    ];
    for (const [goldRows, believed] of cases) {
      const { rows, matrix } = leftOut(goldRows, believed);
      expect(ancestorConfusion(t, rows, matrix, positions, full)).toStrictEqual(ancestorConfusion(t, rows, matrix));
    }
    // the full sample is reduced once, by the first call
    const reduced = full.reduced;
    expect(reduced).toBeDefined();
    const { rows, matrix } = leftOut([4], [4]);
    expect(ancestorConfusion(t, rows, matrix, positions, full)).toStrictEqual(ancestorConfusion(t, rows, matrix));
    expect(full.reduced).toBe(reduced);
  });

  it("keeps the full sample's spread of the diagonal when the changed rows keep their diagonal belief", () => {
    const t = smallTree();
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const fullRows = new Float64Array(L);
    const fullMatrix = new Float64Array(L * L);
    const at = (gold: string, label: string) => (id(gold) - 1) * L + id(label) - 1;
    // A1: 3 documents, all right (B_0 = 1); B1: 2 documents, one right; A2: 2 documents, both wrong (B_0 = 0)
    fullRows[id("A1") - 1] = 3;
    fullMatrix[at("A1", "A1")] = 3;
    fullRows[id("B1") - 1] = 2;
    fullMatrix[at("B1", "B1")] = 1;
    fullMatrix[at("B1", "B2")] = 1;
    fullRows[id("A2") - 1] = 2;
    fullMatrix[at("A2", "B2")] = 2;
    const positions = Int32Array.from({ length: L * L }, (_, e) => e).filter((e) => fullMatrix[e] !== 0);
    const full: FullSampleRows = { rows: fullRows, matrix: fullMatrix };
    const leaveOut = (gold: string, label: string) => {
      const rows = fullRows.slice();
      const matrix = fullMatrix.slice();
      rows[id(gold) - 1]! -= 1;
      matrix[at(gold, label)]! -= 1;
      return ancestorConfusion(t, rows, matrix, positions, full);
    };
    const plain = ancestorConfusion(t, fullRows, fullMatrix);
    // a right A1 or a wrong A2 document: every B_0, so B̄_0 and δ̄_0, as in the full sample
    expect(leaveOut("A1", "A1").rms[0]).toBe(plain.rms[0]);
    expect(leaveOut("A2", "B2").rms[0]).toBe(plain.rms[0]);
    // a right B1 document: B_0(B1) falls from ½ to 0
    const b1 = leaveOut("B1", "B1");
    expect(b1.confusion[0]).toBe((1 + 0 + 0) / 3);
    expect(b1.rms[0]).toBe(Math.sqrt(((1 - 1 / 3) ** 2 + (0 - 1 / 3) ** 2 + (0 - 1 / 3) ** 2) / 3));
  });

  it("counts every order of a row with documents but no listed entry, and no δ for an empty ring", () => {
    // one top-level label: the rings of order depth are empty (only the root lies above)
    const t = buildTaxonomy([
      { parent: null, child: "T", line: 1 },
      { parent: "T", child: "U", line: 2 },
      { parent: "T", child: "V", line: 3 },
      { parent: "U", child: "U1", line: 4 },
    ]);
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const rows = new Float64Array(L);
    const matrix = new Float64Array(L * L);
    rows[id("U1") - 1] = 3;
    matrix[(id("U1") - 1) * L + id("V") - 1] = 2;
    matrix[(id("U1") - 1) * L + id("U1") - 1] = 1;
    rows[id("V") - 1] = 2; // no belief at all
    const positions = Int32Array.from({ length: L * L }, (_, e) => e).filter((e) => matrix[e] !== 0);
    const scanned = ancestorConfusion(t, rows, matrix);
    expect(ancestorConfusion(t, rows, matrix, positions)).toStrictEqual(scanned);
    // U1 (depth 3): rings 0 … 3, ring 3 empty; V (depth 2): rings 0 … 2, ring 2 empty
    expect(scanned.labels).toEqual({ 0: 2, 1: 2, 2: 2, 3: 1 });
    expect(scanned.rms[3]).toBeUndefined();
    expect(scanned.confusion[2]).toBe(2 / 3 / 2);
  });
});
