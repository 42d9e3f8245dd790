import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { classDistances } from "./class-distances.ts";
import { refinedContribution } from "./distance-contribution.ts";
import { distanceFamily } from "./distance-family.ts";

// root → A → A1 → A11, A1 → A12; A → A2; root → B → B1
const taxonomy = taxonomyOf([
  [null, "A"],
  [null, "B"],
  ["A", "A1"],
  ["A", "A2"],
  ["A1", "A11"],
  ["A1", "A12"],
  ["B", "B1"],
]);
const id = (name: string) => idsOf(taxonomy, [name])[0]!;
const distances = classDistances(taxonomy, "constant");

type Rates = { precision: number; recall: number; f1: number };
type Result = { micro: Rates; macro: Rates & { classes: number }; undefined: string[] };
const score = (gold: string[], pred: string[], distance: Record<string, unknown>) =>
  scoreWith(distanceFamily, taxonomy, [{ gold, pred }], { extra: { distance } }) as Result;

describe("class distances", () => {
  it("counts edges through the lowest common ancestor, the virtual root included", () => {
    expect(distances.between(id("A11"), id("A12"))).toBe(2);
    expect(distances.between(id("A11"), id("A1"))).toBe(1);
    expect(distances.between(id("A11"), id("B1"))).toBe(5); // A11 → A1 → A → root → B → B1
    expect(distances.between(id("A"), id("A"))).toBe(0);
  });

  it("weighs edges by Vens et al.'s depth decay w0^depth(child)", () => {
    // w0 = 0.5: root–top edges 0.5, top–second 0.25, second–third 0.125.
    const decayed = classDistances(taxonomy, { decay: 0.5 });
    expect(decayed.between(id("A11"), id("B1"))).toBe(0.125 + 0.25 + 0.5 + 0.5 + 0.25);
    expect(decayed.between(id("A11"), id("A12"))).toBe(0.25);
  });

  it("takes the shortest route through a shared superclass in a DAG", () => {
    // root → P → X → Z; root → R → Y → Z; R → Q → X. X has parents P and Q.
    const dag = taxonomyOf([
      [null, "P"],
      [null, "R"],
      ["P", "X"],
      ["R", "Y"],
      ["X", "Z"],
      ["Y", "Z"],
      ["R", "Q"],
      ["Q", "X"],
    ]);
    const [x, y, p] = idsOf(dag, ["X", "Y", "P"]);
    const d = classDistances(dag, "constant");
    // X ↔ Y: via R (X → Q → R → Y) = 3, not via root (X → P → root → R → Y) = 4;
    // the 2-edge route through the shared subclass Z is not a superclass route.
    expect(d.between(x!, y!)).toBe(3);
    expect(d.between(p!, y!)).toBe(3); // P → root → R → Y
  });

  it("stays exact when its bounded pools start over (a 2,000-deep chain: tables of up to 2,001 entries)", () => {
    const chain = taxonomyOf(Array.from({ length: 2_000 }, (_, k) => [k === 0 ? null : `n${k - 1}`, `n${k}`] as const));
    const on = classDistances(chain, "constant");
    const node = (k: number) => idsOf(chain, [`n${k}`])[0]!;
    // Far more than the pools keep (8 × CACHE_ENTRY_LIMIT entries): they start over many times,
    // also between building the top's table and the other one of the same call.
    for (let k = 1_999; k > 0; k -= 3) expect(on.between(node(0), node(k))).toBe(k);
    for (let k = 1_999; k >= 0; k -= 7) expect(on.between(node(k), node(1_999 - k))).toBe(Math.abs(2 * k - 1_999));
  });
});

describe("refined contribution (Eq. 7–9)", () => {
  it("sums 1 − Dis/Dis_θ over the other side's classes and clips to [−1, 1]", () => {
    expect(refinedContribution(distances, id("A12"), [id("A11"), id("A1")], 2)).toBe(0.5); // 0 + 0.5
    expect(refinedContribution(distances, id("A11"), [id("A12"), id("A1"), id("A2")], 4)).toBe(1); // 0.5 + 0.75 + 0.25 = 1.5 → 1
    expect(refinedContribution(distances, id("A11"), [id("B1")], 2)).toBe(-1); // 1 − 5/2 = −1.5 → −1
    expect(refinedContribution(distances, id("A11"), [], 2)).toBe(0);
  });
});

describe("distance family, hand-computed (labels as written)", () => {
  it("FP branch: a false positive's contribution sums over the TRUE classes (Eq. 7)", () => {
    // Dis_θ = 4; gold {A11}, predicted {A11, A12, B1}.
    // A11: TP 1.                           A = 1,   D^P = 1, D^R = 1
    // A12: FP, FpCon = 1 − Dis(A11,A12)/4 = 1 − 2/4 = 0.5
    //                                      A = 0.5, D^P = 0 + 1 + 0 = 1, D^R = 0 + 0 + 0.5 = 0.5
    // B1:  FP, FpCon = 1 − Dis(A11,B1)/4 = 1 − 5/4 = −0.25
    //                                      A = max(0, −0.25) = 0, D^P = 1, D^R = −0.25 (≤ 0: adds 0)
    // micro P = 1.5 / 3 = 0.5, R = 1.5 / 1.5 = 1  (the literal sum would give R = 1.5 / 1.25 = 1.2)
    // macro over 3 classes: P = (1 + 0.5 + 0) / 3 = 0.5, R = (1 + 1 + 0) / 3 = 2/3
    const r = score(["A11"], ["A11", "A12", "B1"], { disTheta: 4, labels: "asWritten" });
    expect(r.micro.precision).toBeCloseTo(0.5, 12);
    expect(r.micro.recall).toBeCloseTo(1, 12);
    expect(r.micro.f1).toBeCloseTo(2 / 3, 12);
    expect(r.macro.precision).toBeCloseTo(0.5, 12);
    expect(r.macro.recall).toBeCloseTo(2 / 3, 12);
    expect(r.macro.classes).toBe(3);
  });

  it("FN branch: a false negative's contribution sums over the PREDICTED classes (Eq. 8)", () => {
    // Dis_θ = 3; gold {A11}, predicted {A12, A1}.
    // A12: FP, FpCon = 1 − Dis(A11,A12)/3 = 1/3       A = 1/3, D^P = 1, D^R = 1/3
    // A1:  FP, FpCon = 1 − Dis(A11,A1)/3 = 2/3        A = 2/3, D^P = 1, D^R = 2/3
    // A11: FN, FnCon = (1 − 2/3) + (1 − 1/3) = 1      A = 1,   D^P = 0 + 0 + 1 = 1, D^R = 0 + 1 + 0 = 1
    // micro P = 2 / 3, R = 2 / 2 = 1; macro P = (1/3 + 2/3 + 1)/3 = 2/3, R = (1 + 1 + 1)/3 = 1
    const r = score(["A11"], ["A12", "A1"], { disTheta: 3, labels: "asWritten" });
    expect(r.micro.precision).toBeCloseTo(2 / 3, 12);
    expect(r.micro.recall).toBeCloseTo(1, 12);
    expect(r.macro.precision).toBeCloseTo(2 / 3, 12);
    expect(r.macro.recall).toBeCloseTo(1, 12);
  });

  it("FN branch with a far prediction: both contributions clip to −1 and nothing is credited", () => {
    // Dis_θ = 2; gold {A11}, predicted {B1}: FpCon(B1) = FnCon(A11) = 1 − 5/2 → −1.
    // B1: A = 0, D^P = 1, D^R = −1 → 0.  A11: A = 0, D^P = −1 → 0, D^R = 1.
    // micro P = 0/1 = 0, R = 0/1 = 0 (the literal sums give 0/0 for precision).
    const r = score(["A11"], ["B1"], { labels: "asWritten" });
    expect([r.micro.precision, r.micro.recall, r.macro.precision, r.macro.recall]).toEqual([0, 0, 0, 0]);
    expect(r.undefined).toEqual([]);
  });
});

describe("distance family on ancestor-closed labels (the default)", () => {
  it("credits a sibling through the shared parent", () => {
    // Dis_θ = 2; G = {A, A1, A11}, P = {A, A1, A12}. A, A1: TP.
    // A12 FP: Σ over G: (1 − 2/2) + (1 − 1/2) + (1 − 2/2) = 0.5; A11 FN: Σ over P, likewise 0.5.
    // A = 1 + 1 + 0.5 + 0.5 = 3; ΣD^P = 1 + 1 + 1 + 0.5 = 3.5; ΣD^R = 1 + 1 + 0.5 + 1 = 3.5.
    const r = score(["A11"], ["A12"], {});
    expect(r.micro.precision).toBeCloseTo(6 / 7, 12);
    expect(r.micro.recall).toBeCloseTo(6 / 7, 12);
  });

  it("gives 1 for a perfect prediction", () => {
    const r = score(["A11", "B1"], ["A11", "B1"], { disTheta: 3, weights: { decay: 0.8 } });
    expect([r.micro.precision, r.micro.recall, r.micro.f1, r.macro.precision, r.macro.recall, r.macro.f1]).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe("distance options", () => {
  it.each([
    [{ disTheta: -1 }, /disTheta to be a number > 0, got -1/],
    [{ disTheta: 0 }, /disTheta/],
    [{ disTheta: "2" }, /disTheta/],
    [{ weights: { decay: 0 } }, /weights/],
    [{ weights: { decay: 1.5 } }, /weights/],
    [{ weights: "exponential" }, /weights/],
    [{ labels: "flat" }, /labels/],
  ])("refuses %j", (distance, message) => {
    expect(() => score(["A"], ["A"], distance)).toThrow(InputError);
    expect(() => score(["A"], ["A"], distance)).toThrow(message);
  });
});
