import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { cutTaxonomy } from "./cut-taxonomy.ts";
import { parseTaxonomy } from "./parse-taxonomy.ts";
import { ROOT } from "./taxonomy.ts";

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const names = (t: ReturnType<typeof parseTaxonomy>, ids: readonly number[]) => ids.map((id) => t.names[id]);

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

describe("parseTaxonomy (TSV)", () => {
  it("puts a virtual root above the top-level nodes, children in file order", () => {
    const t = parseTaxonomy(fixture("figure4.tsv"));
    expect(t.size).toBe(13);
    expect(names(t, t.children[ROOT]!)).toEqual(["A", "B"]);
    expect(names(t, t.children[t.id("D")!]!)).toEqual(["I", "J", "K"]);
    expect(t.depth[t.id("I")!]).toBe(3);
    expect(t.maxDepth).toBe(3);
    expect(t.isDag).toBe(false);
    expect(names(t, [...t.ancestors[t.id("I")!]!])).toEqual(["A", "D"]);
    expect(t.neighbourCount[t.id("J")!]).toBe(2);
    expect(t.neighbourCount[t.id("A")!]).toBe(1);
  });

  it("orders the root's children by the line of first appearance, empty-parent lines included", () => {
    // Lines: A→X, B→X, X→Y, (root)→B, A→Z, (root)→W. A is top-level from line 1;
    // B first appears as a parent on line 2, W hangs under the root on line 6.
    const t = parseTaxonomy(fixture("small-dag.tsv"));
    expect(names(t, t.children[ROOT]!)).toEqual(["A", "B", "W"]);
    expect(t.isDag).toBe(true);
    expect(names(t, t.parents[t.id("X")!]!)).toEqual(["A", "B"]);
    expect(new Set(names(t, [...t.ancestors[t.id("Y")!]!]))).toEqual(new Set(["A", "B", "X"]));
    expect(t.rootPaths(t.id("Y")!).map((p) => names(t, p))).toEqual([
      ["", "A", "X", "Y"],
      ["", "B", "X", "Y"],
    ]);
    // N(X) = children of A and of B, minus X.
    expect(t.neighbourCount[t.id("X")!]).toBe(1);
  });

  it("hangs a DAG node both under the root and under a parent with an empty-parent line", () => {
    const t = parseTaxonomy("P\tQ\n\tQ\n");
    expect(names(t, t.children[ROOT]!)).toEqual(["P", "Q"]);
    expect(t.depth[t.id("Q")!]).toBe(1);
    // Depth-first enumeration visits P (line 1) before the root's own edge to Q (line 2).
    expect(t.rootPaths(t.id("Q")!).map((p) => names(t, p))).toEqual([
      ["", "P", "Q"],
      ["", "Q"],
    ]);
  });

  it("accepts CRLF, blank lines and a byte-order mark, and warns about repeated edges", () => {
    const t = parseTaxonomy("\uFEFFA\tB\r\n\r\nA\tB\r\nA\tC\r\n");
    expect(names(t, t.children[t.id("A")!]!)).toEqual(["B", "C"]);
    expect(t.warnings).toEqual(["1 repeated edge was ignored"]);
  });

  it("reads the JSON form with null for the root", () => {
    const t = parseTaxonomy(
      JSON.stringify({
        edges: [
          ["A", "B"],
          [null, "C"],
          ["C", "D"],
        ],
      }),
    );
    expect(names(t, t.children[ROOT]!)).toEqual(["A", "C"]);
    expect(t.depth[t.id("D")!]).toBe(2);
  });

  it("cuts to the first N levels, keeping order", () => {
    const t = parseTaxonomy(fixture("figure4.tsv"));
    const one = cutTaxonomy(t, 1);
    expect(one.size).toBe(2);
    expect(names(one, one.children[ROOT]!)).toEqual(["A", "B"]);
    expect(one.children[one.id("A")!]).toEqual([]);
    const two = cutTaxonomy(t, 2);
    expect(two.size).toBe(7);
    expect(two.id("I")).toBeUndefined();
    expect(names(two, two.children[two.id("A")!]!)).toEqual(["C", "D", "E"]);
  });
});

describe("parseTaxonomy errors", () => {
  it("names a cycle and the line that closes it", () => {
    const error = inputError(() => parseTaxonomy("R\tA\nA\tB\nB\tC\nC\tA\n", { fileName: "t.tsv" }));
    expect(error.code).toBe("CYCLE");
    expect(error.message).toContain('"A" → "B" → "C" → "A"');
    expect(error.line).toBe(4);
    expect(error.message.startsWith("t.tsv:4: ")).toBe(true);
  });

  it("refuses a cycle that the root cannot reach", () => {
    expect(inputError(() => parseTaxonomy("A\tB\nX\tY\nY\tX\n")).code).toBe("CYCLE");
  });

  it("refuses a self-loop", () => {
    const error = inputError(() => parseTaxonomy("A\tB\nB\tB\n"));
    expect(error.code).toBe("SELF_LOOP");
    expect(error.line).toBe(2);
  });

  it("refuses a wrong column count, saying what it found", () => {
    const error = inputError(() => parseTaxonomy("A\tB\nA\tB\tC\n"));
    expect(error.code).toBe("COLUMN_COUNT");
    expect(error.message).toContain("expected 2 tab-separated columns (parent, child), got 3");
    expect(error.line).toBe(2);
  });

  it("refuses an empty file", () => {
    expect(inputError(() => parseTaxonomy("\n\n")).code).toBe("EMPTY_FILE");
    expect(inputError(() => parseTaxonomy(new Uint8Array())).code).toBe("EMPTY_FILE");
  });

  it("refuses bytes that are not UTF-8, naming the line", () => {
    const bytes = new Uint8Array([0x41, 0x09, 0x42, 0x0a, 0x41, 0x09, 0xff, 0x0a]);
    const error = inputError(() => parseTaxonomy(bytes));
    expect(error.code).toBe("NOT_UTF8");
    expect(error.line).toBe(2);
  });

  it("refuses malformed JSON and a wrong shape", () => {
    expect(inputError(() => parseTaxonomy('{"edges": [')).code).toBe("BAD_JSON");
    expect(inputError(() => parseTaxonomy('{"edges": [["A"]]}')).code).toBe("BAD_SHAPE");
    expect(inputError(() => parseTaxonomy('{"nodes": []}')).code).toBe("BAD_SHAPE");
  });

  it("refuses a bad cut depth", () => {
    expect(inputError(() => cutTaxonomy(parseTaxonomy("A\tB\n"), 0)).code).toBe("BAD_OPTION");
  });
});
