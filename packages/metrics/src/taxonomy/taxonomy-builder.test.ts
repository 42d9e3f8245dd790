import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { buildTaxonomy, type RawEdge } from "./build-taxonomy.ts";
import { parseTaxonomy } from "./parse-taxonomy.ts";
import { ROOT, type Taxonomy } from "./taxonomy.ts";
import { topologicalOrder } from "./topological-order.ts";

/**
 * The rules of `buildTaxonomy` written plainly, with a map of edges and a list per node grown by
 * push (as the engine once built them): names, children, warnings, or the error's code and line.
 */
function plainBuild(edges: readonly RawEdge[]): string {
  const names = [""];
  const ids = new Map<string, number>();
  const idOf = (written: string) => {
    const name = written.normalize("NFC");
    if (!ids.has(name)) ids.set(name, names.push(name) - 1);
    return ids.get(name)!;
  };
  const children: number[][] = [[]];
  const seen = new Map<string, number>();
  const firstParentLine = new Map<number, number>();
  const isChild = new Set<number>();
  const candidates: { node: number; line: number }[] = [];
  let repeated = 0;
  try {
    if (edges.length === 0) throw new InputError("EMPTY_FILE", "");
    for (const edge of edges) {
      if (edge.parent !== null && edge.parent.normalize("NFC") === edge.child.normalize("NFC")) {
        throw new InputError("SELF_LOOP", "", { line: edge.line });
      }
      const parent = edge.parent === null ? ROOT : idOf(edge.parent);
      const child = idOf(edge.child);
      while (children.length < names.length) children.push([]);
      if (seen.has(`${parent} ${child}`)) {
        repeated += 1;
        continue;
      }
      seen.set(`${parent} ${child}`, edge.line);
      if (parent === ROOT) candidates.push({ node: child, line: edge.line });
      else {
        isChild.add(child);
        if (!firstParentLine.has(parent)) firstParentLine.set(parent, edge.line);
        children[parent]!.push(child);
      }
    }
    for (const [node, line] of [...firstParentLine].sort((a, b) => a[0] - b[0])) if (!isChild.has(node)) candidates.push({ node, line });
    candidates.sort((a, b) => a.line - b.line);
    for (const { node } of candidates) if (!children[ROOT]!.includes(node)) children[ROOT]!.push(node);
    topologicalOrder(children, names, (p, c) => seen.get(`${p} ${c}`));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return `${error.code} at line ${error.line}`;
  }
  return JSON.stringify({ names, children, repeated });
}

function built(run: () => Taxonomy): string {
  try {
    const t = run();
    const repeated = Number(/^(\d+) repeated/.exec(t.warnings[0] ?? "")?.[1] ?? 0);
    return JSON.stringify({ names: t.names, children: t.children, repeated });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return `${error.code} at line ${error.line}`;
  }
}

/** Edges among a few labels (one written both composed and decomposed), with repeats, self-loops and cycles. */
const edgeLists = fc.array(fc.tuple(fc.nat(7), fc.nat(6)), { maxLength: 25 }).map((pairs) => {
  const label = (k: number) => ["A", "B", "C", "D", "é", "e\u0301", "F"][k]!;
  return pairs.map(([p, c], i): RawEdge => ({ parent: p === 7 ? null : label(p), child: label(c), line: i + 1 }));
});

describe("TaxonomyBuilder", () => {
  it("builds what the plain rules build, from edges and from the TSV file of the same edges", () => {
    fc.assert(
      fc.property(edgeLists, (edges) => {
        const expected = plainBuild(edges);
        expect(built(() => buildTaxonomy(edges))).toBe(expected);
        const tsv = edges.map((e) => `${e.parent ?? ""}\t${e.child}\n`).join("");
        expect(built(() => parseTaxonomy(tsv, { format: "tsv" }))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives a one-parent node its parent's shared list, and parents in ascending order", () => {
    const t = buildTaxonomy([
      { parent: "A", child: "B", line: 1 },
      { parent: "A", child: "C", line: 2 },
      { parent: "D", child: "C", line: 3 },
      { parent: "A", child: "E", line: 4 },
    ]);
    const [a, b, c, d, e] = ["A", "B", "C", "D", "E"].map((name) => t.id(name)!);
    expect(t.parents[c!]).toEqual([a, d]);
    expect(t.parents[b!]).toEqual([a]);
    expect(t.parents[e!]).toBe(t.parents[b!]);
    expect(t.parents[ROOT]).toEqual([]);
    expect(t.children[ROOT]).toEqual([a, d]);
  });

  it("reports malformed lines before a self-loop that comes earlier", () => {
    const error = (() => {
      try {
        parseTaxonomy("A\tA\nB\tC\tD\n");
      } catch (caught) {
        return caught as InputError;
      }
    })();
    expect(error?.code).toBe("COLUMN_COUNT");
    expect(error?.line).toBe(2);
  });
});
