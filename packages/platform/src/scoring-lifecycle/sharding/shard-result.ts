import { deflateRawSync, inflateRawSync } from "node:zlib";
import { decodeShardPart, encodeShardPart, type ShardPart } from "@hierboard/metrics";

/**
 * A shard job's return value: the engine's shard part as bytes (`encodeShardPart`), deflated and
 * base64-encoded, since BullMQ stores a job's return value as JSON.
 */
export interface EncodedShardResult {
  shard: number;
  part: string;
}

export function encodeShardResult(part: ShardPart): EncodedShardResult {
  return { shard: part.shard, part: deflateRawSync(encodeShardPart(part), { level: 1 }).toString("base64") };
}

export function decodeShardResult(encoded: EncodedShardResult): ShardPart {
  return decodeShardPart(inflateRawSync(Buffer.from(encoded.part, "base64")));
}
