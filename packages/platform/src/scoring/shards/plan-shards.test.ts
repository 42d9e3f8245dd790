import { describe, expect, it } from "vitest";
import { planShards } from "./plan-shards.ts";
import { forEachStoredLine } from "./stored-lines.ts";

async function* chunked(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const text = ["subtask_a", "d1\tÄrger", "d2\tx", "", "subtask_b", "d1\tÄrger-b", "", "d2\ty", "d3\tz\r", "d4\tß", "d5\tq"].join("\n");
const bytes = new TextEncoder().encode(text);

describe("planShards", () => {
  it("cuts at document lines of the chosen section, whatever the chunk size, with line numbers and the section in force", async () => {
    for (const size of [1, 3, 7, 64, 1 << 20]) {
      const plan = await planShards(chunked(bytes, size), {
        fileName: "p.txt",
        subtask: "b",
        totalBytes: bytes.length,
        limits: { maxDocuments: 2, maxBytes: 1 << 20 },
      });
      expect(plan.format).toBe("germeval");
      expect(plan.documents).toBe(5);
      expect(plan.shards.map((s) => [s.firstLine, s.documents, s.section])).toEqual([
        [6, 2, "b"],
        [9, 2, "b"],
        [11, 1, "b"],
      ]);
      // Each range starts exactly at its first document line and the ranges tile the rest of the file.
      const lines: string[] = [];
      for (const s of plan.shards)
        await forEachStoredLine(
          chunked(bytes.subarray(s.byteStart, s.byteEnd), size),
          { byte: s.byteStart, line: s.firstLine },
          "p.txt",
          (l, n) => lines.push(`${n}:${l}`),
        );
      expect(lines).toEqual(["6:d1\tÄrger-b", "7:", "8:d2\ty", "9:d3\tz", "10:d4\tß", "11:d5\tq"]);
      expect(plan.shards.at(-1)!.byteEnd).toBe(bytes.length);
    }
  });

  it("closes a shard at the byte limit, and plans one shard for a small file", async () => {
    const tsv = new TextEncoder().encode(Array.from({ length: 10 }, (_, i) => `doc${i}\tlabel`).join("\n") + "\n");
    const byBytes = await planShards(chunked(tsv, 5), { totalBytes: tsv.length, limits: { maxDocuments: 100, maxBytes: 30 } });
    expect(byBytes.shards.map((s) => s.documents)).toEqual([3, 3, 3, 1]);
    const small = await planShards(chunked(tsv, 5), { totalBytes: tsv.length, limits: { maxDocuments: 100, maxBytes: 1 << 20 } });
    expect(small.shards).toHaveLength(1);
    expect(small.format).toBe("tsv");
  });
});
