/**
 * The solver behind the minimal LCA graphs (Problem 2 of "Evaluation Measures
 * for Hierarchical Classification: a unified view and novel approaches").
 * Picks one option (a set of keys) per endpoint so that the union of the
 * chosen options and `base` is as small as possible; among unions of the
 * smallest size, the one with the most keys whose `pairOf` partner is also in
 * the union. This is a set-cover-like problem (NP-hard in general), solved
 * exactly by branch and bound: endpoints with one option, or with an option
 * already inside the forced union, are settled first (which never loses
 * optimality), the rest are searched smallest-marginal-cost first. The search
 * stops after `budget` steps with the best union found (the first descent is
 * the greedy one); label sets of real documents stay far below the budget.
 *
 * @example
 * // base {1}; endpoint 1 may add {2} or {3}; endpoint 2 may add {3} or {4, 5}:
 * chooseMinimalUnion([1], [[Int32Array.of(2), Int32Array.of(3)], [Int32Array.of(3), Int32Array.of(4, 5)]], (k) => -1);
 * // → Set {1, 3}
 */
export function chooseMinimalUnion(
  base: Iterable<number>,
  options: readonly (readonly Int32Array[])[],
  pairOf: (key: number) => number,
  budget = 20_000,
): Set<number> {
  const counts = new Map<number, number>();
  let size = 0;
  let shared = 0;
  const add = (key: number): void => {
    const c = counts.get(key) ?? 0;
    counts.set(key, c + 1);
    if (c === 0) {
      size += 1;
      if (counts.has(pairOf(key))) shared += 1;
    }
  };
  const remove = (key: number): void => {
    const c = counts.get(key)!;
    if (c > 1) counts.set(key, c - 1);
    else {
      counts.delete(key);
      size -= 1;
      if (counts.has(pairOf(key))) shared -= 1;
    }
  };
  const inside = (option: Int32Array): boolean => option.every((key) => counts.has(key));
  const marginal = (option: Int32Array): number => {
    let m = 0;
    for (const key of option) if (!counts.has(key)) m += 1;
    return m;
  };

  for (const key of base) if (!counts.has(key)) add(key);

  // Settle forced endpoints and those with a free option, until nothing changes.
  let pending = options.filter((o) => o.length > 0);
  for (let changed = true; changed; ) {
    changed = false;
    const next: (readonly Int32Array[])[] = [];
    for (const opts of pending) {
      if (opts.length === 1) {
        for (const key of opts[0]!) add(key);
        changed = true;
      } else if (opts.some(inside)) changed = true;
      else next.push(opts);
    }
    pending = next;
  }

  if (pending.length > 0) {
    pending.sort((a, b) => a.length - b.length);
    let bestSize = Infinity;
    let bestShared = -1;
    let best: Int32Array[] = [];
    const choice: Int32Array[] = [];
    let steps = 0;
    const search = (i: number): void => {
      if (size > bestSize) return;
      if (i === pending.length) {
        if (size < bestSize || shared > bestShared) {
          bestSize = size;
          bestShared = shared;
          best = [...choice];
        }
        return;
      }
      if (++steps > budget && best.length > 0) return;
      const ordered = pending[i]!.map((option) => ({ option, cost: marginal(option) })).sort((a, b) => a.cost - b.cost);
      for (const { option } of ordered) {
        for (const key of option) add(key);
        choice.push(option);
        search(i + 1);
        choice.pop();
        for (const key of option) remove(key);
      }
    };
    search(0);
    for (const option of best) for (const key of option) add(key);
  }
  return new Set(counts.keys());
}
