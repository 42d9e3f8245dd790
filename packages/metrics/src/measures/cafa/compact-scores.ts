/**
 * One protein's scores, held as two typed arrays (term ids and their scores, in the order they
 * were first given) behind the read-only map the engine reads: 12 bytes a score instead of a
 * `Map`'s ~50 with its boxed doubles, which at 1,500 scores a protein is what a parsed score
 * file mostly is. Iterates exactly as the map it was made from.
 *
 * @example
 * const scores = new CompactScores(new Map([[7, 0.5], [3, 0.25]]));
 * [...scores]; // [[7, 0.5], [3, 0.25]]
 * scores.get(3); // 0.25
 */
export class CompactScores implements ReadonlyMap<number, number> {
  readonly #terms: Int32Array;
  readonly #scores: Float64Array;
  #index: Map<number, number> | undefined;

  constructor(from: ReadonlyMap<number, number>) {
    this.#terms = new Int32Array(from.size);
    this.#scores = new Float64Array(from.size);
    let i = 0;
    for (const [term, score] of from) {
      this.#terms[i] = term;
      this.#scores[i++] = score;
    }
  }

  get size(): number {
    return this.#terms.length;
  }

  get(term: number): number | undefined {
    const at = this.#at(term);
    return at === undefined ? undefined : this.#scores[at];
  }

  has(term: number): boolean {
    return this.#at(term) !== undefined;
  }

  *entries(): MapIterator<[number, number]> {
    for (let i = 0; i < this.#terms.length; i++) yield [this.#terms[i]!, this.#scores[i]!];
  }

  *keys(): MapIterator<number> {
    yield* this.#terms;
  }

  *values(): MapIterator<number> {
    yield* this.#scores;
  }

  forEach(callback: (score: number, term: number, map: ReadonlyMap<number, number>) => void): void {
    for (let i = 0; i < this.#terms.length; i++) callback(this.#scores[i]!, this.#terms[i]!, this);
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }

  /** Lookups are rare (the engine iterates): the index is built on the first one. */
  #at(term: number): number | undefined {
    this.#index ??= new Map(Array.from(this.#terms, (t, i) => [t, i]));
    return this.#index.get(term);
  }
}
