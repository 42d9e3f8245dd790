import type { ShardPart } from "./shard-part.ts";

const MAGIC = 0x48425350; // "HBSP"
const FORMAT = 1;

type ArrayField = "goldIndices" | "sumIndices" | "sumValues" | "rowStarts" | "rowIndices" | "rowValues";
const ARRAYS: readonly [ArrayField, Int32ArrayConstructor | Float64ArrayConstructor][] = [
  ["sumValues", Float64Array],
  ["rowValues", Float64Array],
  ["goldIndices", Int32Array],
  ["sumIndices", Int32Array],
  ["rowStarts", Int32Array],
  ["rowIndices", Int32Array],
];

/**
 * A shard part as bytes, to store or send: a 16-byte head (magic, format, header length), a
 * JSON header (family ids, tally, gold range, array lengths), then the typed arrays' raw bytes
 * (little-endian, as on every platform Node runs on), 8-byte aligned. Not compressed: the
 * caller picks its own compression for its storage. `decodeShardPart` gives back an equal part.
 *
 * @example
 * const bytes = encodeShardPart(part); // Uint8Array
 * decodeShardPart(bytes); // deep-equals part
 */
export function encodeShardPart(part: ShardPart): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      shard: part.shard,
      families: part.families,
      perDocumentFamilies: part.perDocumentFamilies,
      tally: part.tally,
      goldRange: part.goldRange ?? null,
      lengths: ARRAYS.map(([name]) => part[name].length),
    }),
  );
  const headerEnd = align(16 + header.length);
  let size = headerEnd;
  for (const [name] of ARRAYS) size = align(size + part[name].byteLength);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT, true);
  view.setUint32(8, header.length, true);
  bytes.set(header, 16);
  let at = headerEnd;
  for (const [name] of ARRAYS) {
    const array = part[name];
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at = align(at + array.byteLength);
  }
  return bytes;
}

/** Reads what `encodeShardPart` wrote; throws on bytes that are not a shard part of this format. */
export function decodeShardPart(bytes: Uint8Array): ShardPart {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 16 || view.getUint32(0, true) !== MAGIC) throw new Error("not a shard part");
  const format = view.getUint32(4, true);
  if (format !== FORMAT) throw new Error(`expected shard part format ${FORMAT}, got ${format}`);
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as {
    shard: number;
    families: string[];
    perDocumentFamilies: string[];
    tally: ShardPart["tally"];
    goldRange: ShardPart["goldRange"] | null;
    lengths: number[];
  };
  let at = align(16 + headerLength);
  const arrays = {} as Record<ArrayField, Int32Array | Float64Array>;
  ARRAYS.forEach(([name, Kind], k) => {
    const byteLength = header.lengths[k]! * Kind.BYTES_PER_ELEMENT;
    if (at + byteLength > bytes.length) throw new Error("shard part bytes end early");
    // A copy: aligned for the typed array, and independent of the input's buffer (a Node Buffer's
    // `slice` would share its whole pool).
    const copy = new Uint8Array(byteLength);
    copy.set(bytes.subarray(at, at + byteLength));
    arrays[name] = new Kind(copy.buffer);
    at = align(at + byteLength);
  });
  return {
    shard: header.shard,
    families: header.families,
    perDocumentFamilies: header.perDocumentFamilies,
    tally: header.tally,
    ...(header.goldRange ? { goldRange: header.goldRange } : {}),
    goldIndices: arrays.goldIndices as Int32Array,
    sumIndices: arrays.sumIndices as Int32Array,
    sumValues: arrays.sumValues as Float64Array,
    rowStarts: arrays.rowStarts as Int32Array,
    rowIndices: arrays.rowIndices as Int32Array,
    rowValues: arrays.rowValues as Float64Array,
  };
}

function align(n: number): number {
  return (n + 7) & ~7;
}
