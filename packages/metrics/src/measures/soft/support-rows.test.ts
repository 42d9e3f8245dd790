import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { ringRows } from "./ring-row.ts";
import { supportRows } from "./support-rows.ts";

/** A{A1, A2}, B{B1}. */
const tree = () =>
  buildTaxonomy([
    { parent: null, child: "A", line: 1 },
    { parent: "A", child: "A1", line: 2 },
    { parent: "A", child: "A2", line: 3 },
    { parent: null, child: "B", line: 4 },
    { parent: "B", child: "B1", line: 5 },
  ]);

describe("supportRows", () => {
  it("groups a row's entries ring by ring, ascending within a ring, leaving out those in no ring", () => {
    const t = tree();
    const L = t.size;
    const id = (n: string) => t.id(n)!;
    const at = (gold: string, label: string) => (id(gold) - 1) * L + id(label) - 1;
    // row A1: B1 (ring 2), A (ring 1), A1 (ring 0), B (ring 2), A2 (ring 1); row A: A1 is a descendant (no ring)
    const positions = Int32Array.from([at("A1", "B1"), at("A1", "A"), at("A1", "A1"), at("A1", "B"), at("A1", "A2"), at("A", "A1")]).sort();
    const rows = supportRows(t, positions, ringRows(t));
    const a1 = id("A1");
    const segments = Array.from({ length: rows.rowSegments[a1]! - rows.rowSegments[a1 - 1]! }, (_, k) => {
      const s = rows.rowSegments[a1 - 1]! + k;
      return [rows.segmentOrder[s], rows.segmentSize[s], [...rows.ringEntries.subarray(rows.segmentStart[s]!, rows.segmentStart[s + 1]!)]];
    });
    expect(segments).toEqual([
      [0, 1, [at("A1", "A1")]],
      [1, 2, [at("A1", "A"), at("A1", "A2")].sort((x, y) => x - y)],
      [2, 2, [at("A1", "B"), at("A1", "B1")].sort((x, y) => x - y)],
    ]);
    expect(rows.rowSegments[id("A")]).toBe(rows.rowSegments[id("A") - 1]);
  });

  it("makes a support once, and reuses it for another array of the same entries", () => {
    const t = tree();
    const positions = Int32Array.from([1, 7, 8, 13]);
    const made = supportRows(t, positions, ringRows(t));
    expect(supportRows(t, positions, ringRows(t))).toBe(made);
    expect(supportRows(t, positions.slice(), ringRows(t))).toBe(made);
    const other = supportRows(t, Int32Array.from([1, 7, 8]), ringRows(t));
    expect(other).not.toBe(made);
    expect(other.ringEntries.length).toBeLessThan(made.ringEntries.length);
  });
});
