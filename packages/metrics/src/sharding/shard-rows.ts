/** Entries per chunk of a growing row list: 64 Ki entries, 768 KiB. */
const CHUNK = 1 << 16;

/**
 * Per-document statistics appended as they are counted, in fixed-size chunks rather than one
 * array grown by doubling: a shard's rows are copied once, into arrays of their exact length, so
 * at most the rows plus that copy are alive (a doubled array and its slice can be 3× the rows).
 */
export class ShardRows {
  readonly #indexChunks: Int32Array[] = [];
  readonly #valueChunks: Float64Array[] = [];
  #indices = new Int32Array(0);
  #values = new Float64Array(0);
  #used = 0;
  #length = 0;

  /** Entries appended so far. */
  get length(): number {
    return this.#length;
  }

  push(index: number, value: number): void {
    if (this.#used === this.#indices.length) {
      this.#indices = new Int32Array(CHUNK);
      this.#values = new Float64Array(CHUNK);
      this.#indexChunks.push(this.#indices);
      this.#valueChunks.push(this.#values);
      this.#used = 0;
    }
    this.#indices[this.#used] = index;
    this.#values[this.#used] = value;
    this.#used += 1;
    this.#length += 1;
  }

  /** The entries in order, in arrays of their exact length; the chunks are let go. */
  finish(): { indices: Int32Array; values: Float64Array } {
    const indices = new Int32Array(this.#length);
    const values = new Float64Array(this.#length);
    let at = 0;
    for (let k = 0; k < this.#indexChunks.length; k++) {
      const size = Math.min(CHUNK, this.#length - at);
      indices.set(this.#indexChunks[k]!.subarray(0, size), at);
      values.set(this.#valueChunks[k]!.subarray(0, size), at);
      at += size;
    }
    this.#indexChunks.length = 0;
    this.#valueChunks.length = 0;
    this.#indices = new Int32Array(0);
    this.#values = new Float64Array(0);
    this.#used = 0;
    return { indices, values };
  }
}
