const STORE = Symbol.for("hierboard.process-wide");

/**
 * One value per process under `key`, made on first use: a module-level cache shared by every copy
 * of the module in the process. A Next.js server bundles each page and each API route with its own
 * copy of the platform, so a plain module constant would parse a 325k-class taxonomy once per
 * route (the explorer page and its subtree API), not once per process.
 *
 * @example
 * const taxonomies = processWide("taxonomies", () => new LRUCache<string, Taxonomy>({ max: 16 }));
 */
export function processWide<T>(key: string, make: () => T): T {
  const holder = globalThis as { [STORE]?: Map<string, unknown> };
  const store = (holder[STORE] ??= new Map());
  if (!store.has(key)) store.set(key, make());
  return store.get(key) as T;
}
