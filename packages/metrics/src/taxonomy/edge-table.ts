import { exactList } from "./exact-list.ts";

/**
 * A taxonomy's edges grouped by parent, in file order within each parent (a stable counting
 * sort): parent p's edges are `start[p]` up to `start[p + 1]`. Three integers an edge, in typed
 * arrays, instead of a key per edge in a map (a boxed number each) and a list per node.
 */
export interface EdgeTable {
  readonly start: Int32Array;
  readonly child: Int32Array;
  readonly line: Int32Array;
  /** 1 for an edge's first occurrence, 0 for a repeat of it, which is ignored. */
  readonly kept: Uint8Array;
  /** How many edges repeat an earlier one. */
  readonly repeated: number;
  /** The line of the edge's first occurrence, for an error that names it. */
  lineOf(parent: number, child: number): number | undefined;
}

/** Groups `count` edges, given as parallel arrays of parent ids, child ids and lines in file order, by parent. */
export function edgeTable(nodes: number, parents: Int32Array, children: Int32Array, lines: Int32Array, count: number): EdgeTable {
  const start = new Int32Array(nodes + 1);
  for (let e = 0; e < count; e++) start[parents[e]! + 1] = start[parents[e]! + 1]! + 1;
  for (let p = 0; p < nodes; p++) start[p + 1] = start[p + 1]! + start[p]!;
  const next = start.slice(0, nodes);
  const child = new Int32Array(count);
  const line = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    const at = next[parents[e]!]!++;
    child[at] = children[e]!;
    line[at] = lines[e]!;
  }
  // A child marked with its parent's stamp (parent + 1) was already seen under that parent.
  const kept = new Uint8Array(count);
  const stamp = new Int32Array(nodes);
  let repeated = 0;
  for (let p = 0; p < nodes; p++) {
    for (let k = start[p]!; k < start[p + 1]!; k++) {
      if (stamp[child[k]!] === p + 1) repeated += 1;
      else {
        stamp[child[k]!] = p + 1;
        kept[k] = 1;
      }
    }
  }
  const lineOf = (p: number, c: number): number | undefined => {
    for (let k = start[p]!; k < start[p + 1]!; k++) if (child[k] === c) return line[k];
    return undefined;
  };
  return { start, child, line, kept, repeated, lineOf };
}

/**
 * Each node's children as an exact-size list: the root's (node 0) are `top`, another node's its edges'
 * children without repeats, in file order.
 */
export function childLists(edges: EdgeTable, top: Int32Array): (readonly number[])[] {
  const nodes = edges.start.length - 1;
  const lists: (readonly number[])[] = [];
  // Filled from index 0 up, the scratch list stays packed, and so do its slices.
  const scratch: number[] = [];
  for (let i = 0; i < top.length; i++) scratch[i] = top[i]!;
  lists.push(exactList(scratch, top.length));
  for (let p = 1; p < nodes; p++) {
    let length = 0;
    for (let k = edges.start[p]!; k < edges.start[p + 1]!; k++) if (edges.kept[k]) scratch[length++] = edges.child[k]!;
    lists.push(exactList(scratch, length));
  }
  return lists;
}
