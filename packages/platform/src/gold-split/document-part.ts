import { createHmac } from "node:crypto";
import type { GoldSplit, SplitPart } from "./gold-part.ts";

/** 2^48: the first six bytes of the HMAC read as an integer, scaled into [0, 1). */
const SCALE = 2 ** 48;

/**
 * The part a gold document belongs to: HMAC-SHA256 of its id under the phase's secret key, its
 * first 48 bits read as a number u in [0, 1); public when u < publicFraction. It depends on the id
 * and the key only, so a document keeps its part across gold versions, and without the key nobody
 * can tell which ids are public.
 */
export function documentPart(split: GoldSplit, documentId: string): SplitPart {
  const digest = createHmac("sha256", Buffer.from(split.key, "hex")).update(documentId, "utf8").digest();
  return digest.readUIntBE(0, 6) / SCALE < split.publicFraction ? "public" : "private";
}
