import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { ParseTally } from "@hierboard/metrics";

/**
 * What one shard hands its parent. Statistics of a family whose values are all integers in the
 * shard are summed (integer sums are exact in any order); every other family's statistics stay
 * per document (`ordered`), so the parent can add them in gold order as `evaluate` does.
 */
export interface ShardResult {
  shard: number;
  /** Gold position of each of the shard's documents, in file order. */
  goldIndices: Int32Array;
  /** Sparse sums of the families not in `orderedFamilies`. */
  sumIndices: Int32Array;
  sumValues: Float64Array;
  /** Family indices kept per document, ascending. */
  orderedFamilies: number[];
  /** Document j's entries are `orderedStarts[j] … orderedStarts[j+1]−1`, in counting order. */
  orderedStarts: Int32Array;
  orderedIndices: Int32Array;
  orderedValues: Float64Array;
  tally: ParseTally;
}

/** JSON-safe form (BullMQ stores a job's return value as JSON): typed arrays deflated, base64. */
export interface EncodedShardResult {
  shard: number;
  orderedFamilies: number[];
  tally: ParseTally;
  arrays: Record<"goldIndices" | "sumIndices" | "sumValues" | "orderedStarts" | "orderedIndices" | "orderedValues", string>;
}

const pack = (a: Int32Array | Float64Array) =>
  deflateRawSync(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), { level: 1 }).toString("base64");

function unpack<T extends Int32Array | Float64Array>(text: string, Kind: { new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const bytes = inflateRawSync(Buffer.from(text, "base64"));
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return new Kind(copy);
}

export function encodeShardResult(r: ShardResult): EncodedShardResult {
  return {
    shard: r.shard,
    orderedFamilies: r.orderedFamilies,
    tally: r.tally,
    arrays: {
      goldIndices: pack(r.goldIndices),
      sumIndices: pack(r.sumIndices),
      sumValues: pack(r.sumValues),
      orderedStarts: pack(r.orderedStarts),
      orderedIndices: pack(r.orderedIndices),
      orderedValues: pack(r.orderedValues),
    },
  };
}

export function decodeShardResult(e: EncodedShardResult): ShardResult {
  return {
    shard: e.shard,
    orderedFamilies: e.orderedFamilies,
    tally: e.tally,
    goldIndices: unpack(e.arrays.goldIndices, Int32Array),
    sumIndices: unpack(e.arrays.sumIndices, Int32Array),
    sumValues: unpack(e.arrays.sumValues, Float64Array),
    orderedStarts: unpack(e.arrays.orderedStarts, Int32Array),
    orderedIndices: unpack(e.arrays.orderedIndices, Int32Array),
    orderedValues: unpack(e.arrays.orderedValues, Float64Array),
  };
}
