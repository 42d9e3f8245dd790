import { z } from "zod";

/**
 * An uploaded file's bytes: any Uint8Array (Node Buffers and views of shared memory included),
 * kept as given so that a refused upload is never copied.
 */
export const fileBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: "expected the file's bytes" });

/**
 * The bytes as Prisma's `Bytes` takes them: backed by a plain ArrayBuffer. A view of shared memory
 * (how the web reads an upload as it streams) is copied once, when the file is stored.
 */
export function storableBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
