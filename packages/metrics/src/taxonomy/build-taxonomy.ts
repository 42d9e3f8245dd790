import { InputError, quote, quoteSequence } from "../errors/input-error.ts";
import { ROOT, Taxonomy } from "./taxonomy.ts";

/** One edge as read from a file; `parent: null` hangs the child under the root. */
export interface RawEdge {
  readonly parent: string | null;
  readonly child: string;
  readonly line: number;
}

/**
 * Builds a taxonomy from edges in file order (see `hc-semantics.md`):
 * a virtual root above every node that never appears as a child, child order
 * as in the file, repeated edges ignored with a warning, and a cycle or
 * self-loop refused with the cycle named.
 */
export function buildTaxonomy(edges: readonly RawEdge[], file?: string): Taxonomy {
  if (edges.length === 0) throw new InputError("EMPTY_FILE", "expected at least one parent-child edge, got an empty taxonomy", { file });
  const names: string[] = [""];
  const ids = new Map<string, number>();
  // Labels are compared as Unicode NFC: a name is stored in that form (see `Taxonomy.id`).
  const idOf = (written: string): number => {
    const name = written.normalize("NFC");
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      ids.set(name, id);
      names.push(name);
    }
    return id;
  };

  const children: number[][] = [[]];
  const seen = new Map<number, number>(); // edge key -> line
  const isChild: boolean[] = [];
  const firstParentLine: number[] = [];
  const rootCandidates: { node: number; line: number }[] = [];
  const warnings: string[] = [];
  let repeated = 0;

  for (const edge of edges) {
    if (edge.parent !== null && edge.parent.normalize("NFC") === edge.child.normalize("NFC")) {
      throw new InputError(
        "SELF_LOOP",
        `expected a parent different from its child, got the self-loop ${quote(edge.child)} → ${quote(edge.child)}`,
        { file, line: edge.line },
      );
    }
    const parent = edge.parent === null ? ROOT : idOf(edge.parent);
    const child = idOf(edge.child);
    while (children.length < names.length) children.push([]);
    const key = parent * 4294967296 + child;
    if (seen.has(key)) {
      repeated += 1;
      continue;
    }
    seen.set(key, edge.line);
    if (parent === ROOT) rootCandidates.push({ node: child, line: edge.line });
    else {
      isChild[child] = true;
      firstParentLine[parent] ??= edge.line;
      children[parent]!.push(child);
    }
  }
  if (repeated > 0) warnings.push(`${repeated} repeated edge${repeated === 1 ? " was" : "s were"} ignored`);

  for (let id = 1; id < names.length; id++) {
    if (!isChild[id] && firstParentLine[id] !== undefined) rootCandidates.push({ node: id, line: firstParentLine[id]! });
  }
  rootCandidates.sort((a, b) => a.line - b.line);
  const underRoot = new Set<number>();
  for (const { node } of rootCandidates) {
    if (underRoot.has(node)) continue;
    underRoot.add(node);
    children[ROOT]!.push(node);
  }

  const order = topologicalOrder(children, names, (p, c) => seen.get(p * 4294967296 + c), file);
  return new Taxonomy(names, children, order, warnings, file);
}

/**
 * Orders nodes so that every parent comes before its children, starting at the
 * root. A node that cannot be reached from the root lies on a cycle, and so
 * does a back edge: both are refused with the cycle spelled out.
 */
export function topologicalOrder(
  children: readonly (readonly number[])[],
  names: readonly string[],
  edgeLine: (parent: number, child: number) => number | undefined = () => undefined,
  file?: string,
): number[] {
  const n = children.length;
  const state = new Uint8Array(n); // 0 new, 1 on stack, 2 done
  const postorder: number[] = [];
  const visit = (start: number): void => {
    const stack: { node: number; next: number }[] = [{ node: start, next: 0 }];
    state[start] = 1;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const kids = children[frame.node]!;
      if (frame.next < kids.length) {
        const child = kids[frame.next++]!;
        if (state[child] === 1) {
          const from = stack.findIndex((f) => f.node === child);
          const cycle = stack.slice(from).map((f) => names[f.node]!);
          cycle.push(names[child]!);
          throw new InputError("CYCLE", `expected a taxonomy without cycles, got the cycle ${quoteSequence(cycle, " → ")}`, {
            file,
            line: edgeLine(frame.node, child),
          });
        }
        if (state[child] === 0) {
          state[child] = 1;
          stack.push({ node: child, next: 0 });
        }
      } else {
        state[frame.node] = 2;
        postorder.push(frame.node);
        stack.pop();
      }
    }
  };
  visit(ROOT);
  for (let id = 1; id < n; id++) if (state[id] === 0) visit(id);
  // Nodes the root cannot reach always sit on a cycle, which visit() reported.
  return postorder.reverse();
}
