import type { LabelFile } from "../labels/label-file.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { CACHE_ENTRY_LIMIT } from "../taxonomy/cache-limit.ts";
import { IntKeyedValues, isSmallKey } from "../collections/int-keyed-values.ts";

/** Lookups after which a table that almost never hits stops storing. */
const PROBE_LOOKUPS = 10_000;
const MIN_HIT_RATE = 0.02;

/** A taxonomy's memo tables and the ids of the label sets that key them. */
interface TaxonomyMemos {
  readonly tables: Map<string, MemoTable<unknown>>;
  sets: LabelSetIds;
  /** Moves when the set ids are given anew: a key made before names other sets then. */
  generation: number;
  /** The records of pairs of label sets (`labelSetPairRecord`). */
  readonly pairs: PairRecords;
  /** Each gold file's set ids by document, of one generation (`goldSetIds`). */
  readonly goldSets: WeakMap<object, GoldSetIds>;
}

/** Set ids stay below this, so that a pair of them is one small integer (`labelSetPairId`). */
const SET_ID_LIMIT = 2 ** 15;
if (CACHE_ENTRY_LIMIT > SET_ID_LIMIT) throw new Error("CACHE_ENTRY_LIMIT must stay ≤ 2^15: label set ids are numbered below it");

const memos = new WeakMap<Taxonomy, TaxonomyMemos>();

function memosOf(taxonomy: Taxonomy): TaxonomyMemos {
  let found = memos.get(taxonomy);
  if (!found) {
    found = {
      tables: new Map(),
      sets: new LabelSetIds(),
      generation: 0,
      pairs: new PairRecords(),
      goldSets: new WeakMap(),
    };
    memos.set(taxonomy, found);
  }
  return found;
}

/**
 * A label set's key: its distinct ids ascending, comma-joined, so that order
 * and repeats do not matter.
 *
 * @example
 * labelSetKey([7, 3, 7]); // "3,7"
 * labelSetKey([]); // ""
 */
export function labelSetKey(labels: readonly number[]): string {
  if (labels.length === 1) return String(labels[0]);
  const sorted = Int32Array.from(labels).sort();
  let key = "";
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    key += i === 0 ? String(sorted[i]) : `,${sorted[i]}`;
  }
  return key;
}

/**
 * A label set's id in the taxonomy's memos: equal for the same distinct labels in any order and
 * with repeats (as `labelSetKey`), a small integer. Ids are numbered as sets are first seen; at
 * CACHE_ENTRY_LIMIT sets they are given anew and every memo table of the taxonomy is emptied,
 * so an id is a key only in the generation it was made in (`labelSetGeneration`).
 *
 * @example
 * labelSetId(taxonomy, [7, 3, 7]) === labelSetId(taxonomy, [3, 7]); // true
 */
export function labelSetId(taxonomy: Taxonomy, labels: readonly number[]): number {
  return withRoomFor(memosOf(taxonomy), 1).sets.idOf(labels);
}

/**
 * The memo key of a pair of label sets (gold, predicted): one small integer, under the same
 * rules as `labelSetId`.
 */
export function labelSetPairId(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[]): number {
  const { sets } = withRoomFor(memosOf(taxonomy), 2);
  return sets.idOf(gold) * SET_ID_LIMIT + sets.idOf(predicted);
}

/** The generation of the taxonomy's set ids: a key made in another one must be made again. */
export function labelSetGeneration(taxonomy: Taxonomy): number {
  return memosOf(taxonomy).generation;
}

/** The memos, with the set ids given anew (and the tables emptied) when `count` more sets might not fit. */
function withRoomFor(found: TaxonomyMemos, count: number): TaxonomyMemos {
  if (found.sets.size + count > CACHE_ENTRY_LIMIT) {
    found.sets = new LabelSetIds();
    found.generation += 1;
    for (const table of found.tables.values()) table.clear();
    found.pairs.clear();
  }
  return found;
}

/**
 * `compute()` once per taxonomy, table and key: what depends on a label set only
 * (HEMKit's paths of a set), or on a pair of them, repeats across the documents
 * and submissions of a task (GermEval subtask b: 79k documents, 17.6k distinct
 * pairs of sets; the LCA and MGIA numbers of a pair live in its `labelSetPairRecord`).
 * The cached value is shared: callers must not change it.
 * A table whose first 10,000 lookups hit less than 2% of the time stops
 * storing (a huge task where every pair is new), and a table is emptied when
 * it holds CACHE_ENTRY_LIMIT entries; the values are the same. A value computed
 * while the set ids were given anew is not stored: its key (a set or pair id) names
 * other sets from then on.
 *
 * @example
 * memoised(taxonomy, "set-paths", labelSetId(taxonomy, set), () => collectPaths(taxonomy, set));
 */
export function memoised<T>(taxonomy: Taxonomy, table: string, key: string | number, compute: () => T): T {
  const memo = memoTable<T>(taxonomy, table);
  return memo.find(key) ?? memo.keep(key, compute());
}

/** The taxonomy's memo table of that name, made on first use. */
function memoTable<T>(taxonomy: Taxonomy, table: string): MemoTable<T> {
  const found = memosOf(taxonomy);
  let memo = found.tables.get(table);
  if (!memo) found.tables.set(table, (memo = new MemoTable(found)));
  return memo as MemoTable<T>;
}

/**
 * Where the numbers memoised for one pair of label sets lie: `PAIR_RECORD_WIDTH` entries of
 * `pool` from `at`, at places the measures fix (`measures/lca/pair-record-layout.ts`: the LCA
 * counts, GIE and MGIA network, each behind the option it was computed under, NaN before). The
 * records of a taxonomy lie side by side in one typed array, in the order their pairs were first
 * seen: a document finds its record once and reads them there, not in a hash table and an
 * object each.
 */
export interface PairRecord {
  readonly pool: Float64Array;
  readonly at: number;
}

/** Entries of a `PairRecord`. */
export const PAIR_RECORD_WIDTH = 12;

/**
 * The record of the pair of label sets `pairId` names (a `labelSetPairId` of the current
 * generation), made on first use, every entry NaN. Records are kept under the rules of
 * `memoised`: the first 10,000 lookups hitting less than 2% of the time stop the keeping (each
 * lookup then gives a fresh record), CACHE_ENTRY_LIMIT records empty the table, and so do new set
 * ids; a value written into a record meanwhile dropped (or left behind when the records' array
 * grew) is simply not seen again.
 *
 * @example
 * const { pool, at } = labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, gold, predicted));
 * if (pool[at + LCA_GRAPH] !== graphCode) { pool[at + LCA_TP] = tp; …; pool[at + LCA_GRAPH] = graphCode; }
 */
export function labelSetPairRecord(taxonomy: Taxonomy, pairId: number): PairRecord {
  return memosOf(taxonomy).pairs.recordOf(pairId);
}

/** Records kept at first: the array doubles as pairs come. */
const FIRST_RECORDS = 1024;

/** Records of pairs of label sets by pair id, under the rules of `labelSetPairRecord`. */
class PairRecords {
  /** Each pair's record's place in `#pool`. */
  readonly #places = new IntKeyedValues<number>();
  #pool = emptyPool(FIRST_RECORDS);
  #used = 0;
  #lookups = 0;
  #hits = 0;
  #bypassed = false;

  recordOf(pairId: number): PairRecord {
    // On an LSHTC-size task nearly every pair of sets is new: keeping them would only feed the garbage collector.
    if (this.#bypassed) return { pool: emptyPool(1), at: 0 };
    this.#lookups += 1;
    const found = this.#places.get(pairId);
    if (found !== undefined) {
      this.#hits += 1;
      return { pool: this.#pool, at: found };
    }
    if (this.#lookups >= PROBE_LOOKUPS && this.#hits < MIN_HIT_RATE * PROBE_LOOKUPS) {
      this.#bypassed = true;
      this.clear();
      return { pool: emptyPool(1), at: 0 };
    }
    if (this.#places.size >= CACHE_ENTRY_LIMIT) this.clear();
    if (this.#used === this.#pool.length) {
      const grown = emptyPool((2 * this.#pool.length) / PAIR_RECORD_WIDTH);
      grown.set(this.#pool);
      this.#pool = grown;
    }
    const at = this.#used;
    this.#used += PAIR_RECORD_WIDTH;
    this.#places.set(pairId, at);
    return { pool: this.#pool, at };
  }

  clear(): void {
    this.#places.clear();
    this.#pool = emptyPool(FIRST_RECORDS);
    this.#used = 0;
  }
}

function emptyPool(records: number): Float64Array {
  return new Float64Array(records * PAIR_RECORD_WIDTH).fill(NaN);
}

/**
 * A gold file's label-set ids by document index (its entries' order), of one generation: the gold
 * file is scored against many predictions, its sets interned once.
 */
export class GoldSetIds {
  readonly #memos: TaxonomyMemos;
  #generation = -1;
  readonly #ids: Int32Array;

  constructor(memos: TaxonomyMemos, documents: number) {
    this.#memos = memos;
    this.#ids = new Int32Array(documents);
  }

  /** The generation of the taxonomy's set ids (`labelSetGeneration`). */
  get generation(): number {
    return this.#memos.generation;
  }

  /** `labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, gold, predicted))` for the `index`th document. */
  pairRecord(index: number, gold: readonly number[], predicted: readonly number[]): PairRecord {
    const { sets, generation, pairs } = withRoomFor(this.#memos, 2);
    if (this.#generation !== generation) {
      this.#ids.fill(-1);
      this.#generation = generation;
    }
    let goldId = this.#ids[index]!;
    if (goldId < 0) this.#ids[index] = goldId = sets.idOf(gold);
    return pairs.recordOf(goldId * SET_ID_LIMIT + sets.idOf(predicted));
  }
}

/** The set ids of a gold file's documents in the taxonomy's memos (see `GoldSetIds`), kept with the file. */
export function goldSetIds(taxonomy: Taxonomy, gold: LabelFile): GoldSetIds {
  const memos = memosOf(taxonomy);
  let found = memos.goldSets.get(gold);
  if (!found) memos.goldSets.set(gold, (found = new GoldSetIds(memos, gold.entries.size)));
  return found;
}

/** One memo table of a taxonomy: values by key, under the rules of `memoised`. */
export class MemoTable<T> {
  /** Values under integer keys (set and pair ids), and under any other key. */
  readonly #numbered = new IntKeyedValues<T>();
  readonly #named = new Map<string | number, T>();
  readonly #owner: TaxonomyMemos;
  lookups = 0;
  hits = 0;
  /** Set when, after PROBE_LOOKUPS lookups, fewer than MIN_HIT_RATE of them hit. */
  bypassed = false;
  /** The generation of the set ids at the last `find`: a value computed across a change is not kept. */
  #generation = -1;

  constructor(owner: TaxonomyMemos) {
    this.#owner = owner;
  }

  /** The value kept under `key`, or undefined: compute it and `keep` it. */
  find(key: string | number): T | undefined {
    this.#generation = this.#owner.generation;
    // On an LSHTC-size task nearly every pair of sets is new: storing them would only feed the garbage collector.
    if (this.bypassed) return undefined;
    this.lookups += 1;
    const cached = isSmallKey(key) ? this.#numbered.get(key) : this.#named.get(key);
    if (cached !== undefined) this.hits += 1;
    return cached;
  }

  /** Keeps the value computed after a missed `find` of the same key; returns it. */
  keep(key: string | number, value: T): T {
    if (this.bypassed || this.#owner.generation !== this.#generation) return value;
    if (this.lookups === PROBE_LOOKUPS && this.hits < MIN_HIT_RATE * PROBE_LOOKUPS) {
      this.bypassed = true;
      this.clear();
      return value;
    }
    if (this.#numbered.size + this.#named.size >= CACHE_ENTRY_LIMIT) this.clear();
    if (isSmallKey(key)) this.#numbered.set(key, value);
    else this.#named.set(key, value);
    return value;
  }

  clear(): void {
    this.#numbered.clear();
    this.#named.clear();
  }
}

/** Interned label sets: each distinct set (ascending, no repeats) gets the next id. */
class LabelSetIds {
  /** Hash of a set → the last id given a set with that hash; `#sameHash` chains to the earlier ones. */
  readonly #byHash = new IntKeyedValues<number>();
  readonly #sameHash: number[] = [];
  /** Every set's labels side by side, set `id` in `#members[#starts[id] … #starts[id + 1] − 1]`. */
  #members = new Int32Array(1024);
  #starts = Int32Array.of(0, 0, 0, 0, 0, 0, 0, 0);
  #size = 0;
  /** The set being looked up, sorted, in its first `n` entries. */
  #scratch = new Int32Array(16);

  get size(): number {
    return this.#size;
  }

  idOf(labels: readonly number[]): number {
    const n = this.#sortDistinct(labels);
    const sorted = this.#scratch;
    let hash = n;
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ sorted[i]!, 0x9e3779b1) ^ (hash >>> 15);
    // a small non-negative integer key
    hash &= 0x3fffffff;
    const last = this.#byHash.get(hash);
    for (let id = last ?? -1; id >= 0; id = this.#sameHash[id]!) if (this.#holds(id, sorted, n)) return id;
    const id = this.#size;
    this.#append(sorted, n);
    this.#sameHash.push(last ?? -1);
    this.#byHash.set(hash, id);
    return id;
  }

  /** Whether set `id` is the first `n` entries of `sorted`. */
  #holds(id: number, sorted: Int32Array, n: number): boolean {
    const start = this.#starts[id]!;
    if (this.#starts[id + 1]! - start !== n) return false;
    const members = this.#members;
    for (let i = 0; i < n; i++) if (members[start + i] !== sorted[i]) return false;
    return true;
  }

  #append(sorted: Int32Array, n: number): void {
    const start = this.#starts[this.#size]!;
    if (start + n > this.#members.length) {
      const grown = new Int32Array(Math.max(2 * this.#members.length, start + n));
      grown.set(this.#members);
      this.#members = grown;
    }
    if (this.#size + 2 > this.#starts.length) {
      const grown = new Int32Array(2 * this.#starts.length);
      grown.set(this.#starts);
      this.#starts = grown;
    }
    this.#members.set(sorted.subarray(0, n), start);
    this.#size += 1;
    this.#starts[this.#size] = start + n;
  }

  /** Copies `labels` into the scratch, ascending and without repeats; returns how many remain. */
  #sortDistinct(labels: readonly number[]): number {
    if (this.#scratch.length < labels.length) this.#scratch = new Int32Array(2 * labels.length);
    const out = this.#scratch;
    const length = labels.length;
    for (let i = 0; i < length; i++) out[i] = labels[i]!;
    if (length > 16) out.subarray(0, length).sort();
    else
      for (let i = 1; i < length; i++) {
        const v = out[i]!;
        let j = i - 1;
        while (j >= 0 && out[j]! > v) out[j + 1] = out[j--]!;
        out[j + 1] = v;
      }
    let n = 0;
    for (let i = 0; i < length; i++) if (n === 0 || out[i] !== out[n - 1]) out[n++] = out[i]!;
    return n;
  }
}
