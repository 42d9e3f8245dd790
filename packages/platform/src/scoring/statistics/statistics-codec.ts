import { deflateRawSync, inflateRawSync } from "node:zlib";
import { RecordedStatistics, ScoreAccumulator, type Taxonomy } from "@hierboard/metrics";
import { AppError } from "../../errors/app-error.ts";
import { subtaskContext, type SubtaskSetting } from "../setup/subtask-context.ts";

const MAGIC = "HBS1";

interface Header {
  families: string[];
  documents: number;
  entries: number;
  width: number;
}

/**
 * A recording as stored in `ScoreSet.statistics`: "HBS1", a u32 header length, a JSON header
 * (families, documents, entries, width), then the raw-deflated typed arrays of the recording
 * (document starts and statistic indices as int32, values as float64). Document ids are not
 * stored: a recording is in the order of the gold version it was scored against, which the score
 * set names.
 */
export function encodeStatistics(recorded: RecordedStatistics): Uint8Array<ArrayBuffer> {
  const header: Header = {
    families: recorded.accumulator.families.map((f) => f.id),
    documents: recorded.documents,
    entries: recorded.values.length,
    width: recorded.width,
  };
  const head = Buffer.from(JSON.stringify(header));
  const body = deflateRawSync(Buffer.concat([bytesOf(recorded.starts), bytesOf(recorded.indices), bytesOf(recorded.values)]));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  return new Uint8Array(Buffer.concat([Buffer.from(MAGIC), length, head, body]));
}

/**
 * The recording back, on the taxonomy it was scored with (the same cut) and, for a CAFA-style
 * subtask, under its setting (the cafa family's options and IA weights): without it a recording
 * holding the cafa family is refused.
 */
export function decodeStatistics(bytes: Uint8Array, taxonomy: Taxonomy, setting?: SubtaskSetting): RecordedStatistics {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.subarray(0, 4).toString() !== MAGIC)
    throw new AppError("INTERNAL", `stored statistics: expected the ${MAGIC} format, got ${JSON.stringify(buf.subarray(0, 4).toString())}`);
  const headLength = buf.readUInt32LE(4);
  const header = JSON.parse(buf.subarray(8, 8 + headLength).toString()) as Header;
  const body = inflateRawSync(buf.subarray(8 + headLength));
  const { ctx, families: known } = subtaskContext(taxonomy, setting);
  const families = header.families.map((id) => {
    const family = known.find((f) => f.id === id);
    if (!family) throw new AppError("INTERNAL", `stored statistics: expected a family of this engine, got ${JSON.stringify(id)}`);
    return family;
  });
  const accumulator = new ScoreAccumulator(ctx, families);
  if (accumulator.width !== header.width) {
    throw new AppError(
      "INTERNAL",
      `stored statistics: expected ${accumulator.width} statistics per document for ${header.families.join(", ")}, got ${header.width} (re-score the submission)`,
    );
  }
  let at = 0;
  const take = (n: number) => {
    const part = body.buffer.slice(body.byteOffset + at, body.byteOffset + at + n);
    at += n;
    return part;
  };
  const starts = new Int32Array(take(4 * (header.documents + 1)));
  const indices = new Int32Array(take(4 * header.entries));
  const values = new Float64Array(take(8 * header.entries));
  const ids = Array.from({ length: header.documents }, (_, d) => String(d));
  return new RecordedStatistics(accumulator, ids, starts, indices, values);
}

function bytesOf(array: Int32Array | Float64Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
