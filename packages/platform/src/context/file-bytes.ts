import { z } from "zod";

/**
 * An uploaded file's bytes: any Uint8Array (Node Buffers included), normalised to one backed by a
 * plain ArrayBuffer, which is what Prisma's `Bytes` takes.
 */
export const fileBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: "expected the file's bytes" })
  .transform(
    (bytes): Uint8Array<ArrayBuffer> => (bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)),
  );
