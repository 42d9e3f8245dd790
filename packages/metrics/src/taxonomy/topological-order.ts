import { InputError, quoteSequence } from "../errors/input-error.ts";
import { ROOT } from "./taxonomy.ts";

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
