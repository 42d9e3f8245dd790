import { describe, expect, it } from "vitest";
import { planCafaShards } from "./plan-cafa-shards.ts";

async function* chunked(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const plan = (text: string, maxDocuments: number, size = 5) => {
  const bytes = new TextEncoder().encode(text);
  return planCafaShards(chunked(bytes, size), { fileName: "s.tsv", totalBytes: bytes.length, limits: { maxDocuments, maxBytes: 1 << 20 } });
};

describe("planCafaShards", () => {
  it("cuts only where the protein changes, counting proteins, with the cuts' line numbers", async () => {
    const text = ["P1\tA\t0.5", "P1\tB\t0.2", "", "P2 A 0.9", "P3\tA\t0.1", "P3\tC\t0.3", "P4\tB\t1"].join("\n");
    const planned = (await plan(text, 2))!;
    expect(planned.documents).toBe(4);
    expect(planned.shards.map((s) => [s.firstLine, s.documents])).toEqual([
      [1, 2],
      [5, 2],
    ]);
    const lines = text.split("\n");
    expect(text.slice(planned.shards[1]!.byteStart).split("\n")[0]).toBe(lines[4]);
    expect(planned.shards[0]!.byteEnd).toBe(planned.shards[1]!.byteStart);
  });

  it("keeps a protein that comes back within its shard, and gives up when it comes back in a later one", async () => {
    expect((await plan("P1\tA\t0.5\nP2\tA\t0.5\nP1\tB\t0.5\nP3\tA\t0.5\n", 2))!.shards.map((s) => s.documents)).toEqual([2, 1]);
    expect(await plan("P1\tA\t0.5\nP2\tA\t0.5\nP3\tB\t0.5\nP1\tA\t0.5\n", 2)).toBeUndefined();
  });
});
