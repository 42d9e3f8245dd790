/**
 * Values by small non-negative integer key (below 2^31 − 1) in an open-addressing table: the keys
 * in one Int32Array, probed linearly, so a lookup reads neighbouring integers instead of a Map's
 * chained entries. Doubles past half full.
 *
 * @example
 * const values = new IntKeyedValues<string>();
 * values.set(98_311, "a");
 * values.get(98_311); // "a"
 * values.get(7); // undefined
 */
export class IntKeyedValues<T> {
  /** key + 1 per slot, 0 where empty. */
  #keys = new Int32Array(1024);
  #values: (T | undefined)[] = new Array(1024);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(key: number): T | undefined {
    const keys = this.#keys;
    const mask = keys.length - 1;
    const stored = key + 1;
    for (let slot = slotOf(key, mask); ; slot = (slot + 1) & mask) {
      const found = keys[slot]!;
      if (found === stored) return this.#values[slot];
      if (found === 0) return undefined;
    }
  }

  set(key: number, value: T): void {
    if (2 * (this.#size + 1) > this.#keys.length) this.#grow();
    const keys = this.#keys;
    const mask = keys.length - 1;
    let slot = slotOf(key, mask);
    while (keys[slot] !== 0 && keys[slot] !== key + 1) slot = (slot + 1) & mask;
    if (keys[slot] === 0) this.#size += 1;
    keys[slot] = key + 1;
    this.#values[slot] = value;
  }

  clear(): void {
    this.#keys = new Int32Array(1024);
    this.#values = new Array(1024);
    this.#size = 0;
  }

  #grow(): void {
    const keys = this.#keys;
    const values = this.#values;
    this.#keys = new Int32Array(2 * keys.length);
    this.#values = new Array(2 * keys.length);
    this.#size = 0;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== 0) this.set(keys[slot]! - 1, values[slot] as T);
  }
}

/** The home slot of a key: its multiplicative hash's top bits. */
function slotOf(key: number, mask: number): number {
  return (Math.imul(key, 0x9e3779b1) >>> 7) & mask;
}

/** Whether `key` fits an IntKeyedValues. */
export function isSmallKey(key: string | number): key is number {
  return typeof key === "number" && Number.isInteger(key) && key >= 0 && key < 0x7fffffff;
}
