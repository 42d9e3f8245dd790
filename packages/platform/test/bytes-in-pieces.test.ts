// Files over STORED_PIECE_BYTES are stored in pieces (so no one statement holds the web's thread
// for seconds) and must come back byte for byte, inside the transaction that stores the row.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initialContent, STORED_PIECE_BYTES, storeInPieces } from "../src/context/bytes-in-pieces.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let submissionId: string;
beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  submissionId = (await submitAsMember(p.ctx, seed, "pred.tsv", fixture("pred-good.tsv"))).id;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

const stored = async () =>
  new Uint8Array((await p.ctx.db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { content: true } })).content);

describe("a large file is stored in pieces", () => {
  it("a small file is stored whole when the row is created, and comes back as it was", async () => {
    expect(await stored()).toEqual(fixture("pred-good.tsv"));
    expect(initialContent(fixture("pred-good.tsv"))).toEqual(fixture("pred-good.tsv"));
  });

  it("a file of 3.5 pieces comes back byte for byte, twice in one transaction", async () => {
    const big = new Uint8Array(randomBytes(Math.floor(STORED_PIECE_BYTES * 3.5)));
    const other = new Uint8Array(randomBytes(STORED_PIECE_BYTES + 1));
    expect(initialContent(big).byteLength).toBe(0);
    await p.ctx.db.$transaction(async (tx) => {
      await tx.submission.update({ where: { id: submissionId }, data: { content: initialContent(other) } });
      await storeInPieces(tx, "Submission", submissionId, other);
      await storeInPieces(tx, "Submission", submissionId, big);
    });
    const back = await stored();
    expect(back.byteLength).toBe(big.byteLength);
    expect(Buffer.compare(back, big)).toBe(0);
  });

  it("stores nothing when the transaction is rolled back", async () => {
    const before = await stored();
    const big = new Uint8Array(randomBytes(STORED_PIECE_BYTES * 2 + 7));
    await expect(
      p.ctx.db.$transaction(async (tx) => {
        await storeInPieces(tx, "Submission", submissionId, big);
        throw new Error("refused after storing");
      }),
    ).rejects.toThrow("refused after storing");
    expect(Buffer.compare(await stored(), before)).toBe(0);
  });
});
