/** The one list a node without children (or the root, without parents) shares: nothing may change it. */
export const NO_NODES: readonly number[] = [];

/**
 * A copy of `list` (its first `length` elements, or all of it) without spare room: an array grown
 * by `push` keeps room for 17 elements, about 150 bytes for a node's one or two parents, which made
 * the parent and child lists ≈ 80 MiB at 325k classes. A copy by `slice` is packed, as the lists
 * always were; an empty one is the shared `NO_NODES`.
 */
export function exactList(list: readonly number[], length = list.length): readonly number[] {
  return length === 0 ? NO_NODES : list.slice(0, length);
}
