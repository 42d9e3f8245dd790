import { InputError, quote } from "../errors/input-error.ts";
import { childLists, type EdgeTable, edgeTable } from "./edge-table.ts";
import { topologicalOrder } from "./topological-order.ts";
import { ROOT, Taxonomy } from "./taxonomy.ts";

const INITIAL_EDGES = 1024;

/**
 * Builds a taxonomy from edges given one at a time in file order (see `hc-semantics.md`): a
 * virtual root above every node that never appears as a child, child order as in the file,
 * repeated edges ignored with a warning, and a cycle or self-loop refused with the cycle named.
 *
 * An edge is kept as three integers (parent id, child id, line) in typed buffers: a parser feeds
 * it each line as it reads it, so no list of edge objects and their strings is ever held (at 325k
 * classes that list and the per-node lists grown by `push` were most of the parse's peak).
 *
 * @example
 * const builder = new TaxonomyBuilder();
 * builder.add(null, "A", 1);
 * builder.add("A", "B", 2);
 * builder.build().size; // 2
 */
export class TaxonomyBuilder {
  readonly #names: string[] = [""];
  readonly #ids = new Map<string, number>();
  #parents = new Int32Array(INITIAL_EDGES);
  #children = new Int32Array(INITIAL_EDGES);
  #lines = new Int32Array(INITIAL_EDGES);
  #edges = 0;
  /** The first self-loop added, refused by `build`; no edge after it is kept. */
  #selfLoop: { readonly child: string; readonly line: number } | undefined;

  /** Adds the edge `parent → child` read on `line`; `parent: null` hangs the child under the root. A self-loop is refused by `build`. */
  add(parent: string | null, child: string, line: number): void {
    if (this.#selfLoop) return;
    const parentId = parent === null ? ROOT : this.#idOf(parent);
    const childId = this.#idOf(child);
    // Labels are compared as NFC, and equal NFC forms have one id.
    if (parentId === childId) {
      this.#selfLoop = { child, line };
      return;
    }
    if (this.#edges === this.#parents.length) this.#grow();
    this.#parents[this.#edges] = parentId;
    this.#children[this.#edges] = childId;
    this.#lines[this.#edges] = line;
    this.#edges += 1;
  }

  /** The taxonomy of the edges added; `file` only names the input in an InputError. */
  build(file?: string): Taxonomy {
    const loop = this.#selfLoop;
    if (loop) {
      throw new InputError(
        "SELF_LOOP",
        `expected a parent different from its child, got the self-loop ${quote(loop.child)} → ${quote(loop.child)}`,
        {
          file,
          line: loop.line,
        },
      );
    }
    if (this.#edges === 0) throw new InputError("EMPTY_FILE", "expected at least one parent-child edge, got an empty taxonomy", { file });
    const names = this.#names;
    const edges = edgeTable(names.length, this.#parents, this.#children, this.#lines, this.#edges);
    // The buffers are not needed past this point; the table holds the edges grouped by parent.
    this.#parents = this.#children = this.#lines = new Int32Array(0);
    const warnings: string[] = [];
    if (edges.repeated > 0) warnings.push(`${edges.repeated} repeated edge${edges.repeated === 1 ? " was" : "s were"} ignored`);
    const children = childLists(edges, topLevelNodes(edges, names.length));
    const order = topologicalOrder(children, names, (p, c) => edges.lineOf(p, c), file);
    return new Taxonomy({ names, ids: this.#ids, children, topologicalOrder: order, warnings, file });
  }

  /**
   * The node of a label, stored in NFC. A label already known as written is its own NFC form
   * (keys are NFC), so only labels not seen yet are normalised: once per node, not per edge end.
   */
  #idOf(written: string): number {
    const known = this.#ids.get(written);
    if (known !== undefined) return known;
    const name = written.normalize("NFC");
    let id = this.#ids.get(name);
    if (id === undefined) {
      id = this.#names.length;
      this.#ids.set(name, id);
      this.#names.push(name);
    }
    return id;
  }

  #grow(): void {
    const size = this.#parents.length * 2;
    const grown = (from: Int32Array) => {
      const to = new Int32Array(size);
      to.set(from);
      return to;
    };
    this.#parents = grown(this.#parents);
    this.#children = grown(this.#children);
    this.#lines = grown(this.#lines);
  }
}

/**
 * The root's children: each node that is never a child, at the line where it first appears as a
 * parent, and each node of an empty-parent line at that line, in line order, each node once.
 */
function topLevelNodes(edges: EdgeTable, nodes: number): Int32Array {
  const candidates: { node: number; line: number }[] = [];
  for (let k = edges.start[ROOT]!; k < edges.start[ROOT + 1]!; k++) {
    if (edges.kept[k]) candidates.push({ node: edges.child[k]!, line: edges.line[k]! });
  }
  const isChild = new Uint8Array(nodes);
  for (let k = edges.start[ROOT + 1]!; k < edges.child.length; k++) isChild[edges.child[k]!] = 1;
  for (let id = 1; id < nodes; id++) {
    // A parent's first edge in file order is never a repeat: the line where it first appears as a parent.
    const first = edges.start[id]!;
    if (isChild[id] === 0 && first < edges.start[id + 1]!) candidates.push({ node: id, line: edges.line[first]! });
  }
  candidates.sort((a, b) => a.line - b.line);
  const top: number[] = [];
  const placed = new Uint8Array(nodes);
  for (const { node } of candidates) {
    if (placed[node] === 1) continue;
    placed[node] = 1;
    top.push(node);
  }
  return Int32Array.from(top);
}
