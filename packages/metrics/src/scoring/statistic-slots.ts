/**
 * A family's fixed statistics, named once: slot i holds `names[i]`, and `at` gives each name's
 * index. A recording stores statistics by index, so names are only ever appended, never
 * reordered or removed (the engine's slot test pins every family's list). Blocks whose size
 * depends on the taxonomy or the options start at `width`.
 */
export interface StatisticSlots<N extends string = string> {
  /** The names in slot order. */
  readonly names: readonly N[];
  /** Each name's index. */
  readonly at: { readonly [K in N]: number };
  /** How many named slots there are: where a family's sized blocks start. */
  readonly width: number;
}

/**
 * Names a family's fixed statistics.
 *
 * @example
 * const slots = statisticSlots("tp", "predicted", "gold");
 * slots.at.gold; // 2
 * slots.width; // 3
 */
export function statisticSlots<const N extends string>(...names: N[]): StatisticSlots<N> {
  if (new Set(names).size !== names.length) throw new Error(`statistic slots: a name is given twice in ${names.join(", ")}`);
  const at = Object.fromEntries(names.map((name, i) => [name, i])) as { [K in N]: number };
  return Object.freeze({ names: Object.freeze([...names]), at: Object.freeze(at), width: names.length });
}
