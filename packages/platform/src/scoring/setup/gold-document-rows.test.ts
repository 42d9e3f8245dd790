import { parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { goldDocumentRows, type GoldDocumentRow } from "./gold-document-rows.ts";

async function* chunked(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function rowsOf(text: string, fileName: string, size: number) {
  const rows: GoldDocumentRow[] = [];
  const format = await goldDocumentRows(chunked(text, size), fileName, async (batch) => void rows.push(...batch));
  return { format, rows };
}

const taxonomy = parseTaxonomy(new TextEncoder().encode("\tA\n\tB\nA\tÄ1\n"), { fileName: "t.tsv" });

describe("goldDocumentRows", () => {
  it("gives each document of a two-section GermEval file its section, position and line, as the engine reads them", async () => {
    const text = ["subtask_a", "d1\tA", "", "d2\tB\r", "subtask_b", "d1\tÄ1", "  d3\tA\tB  "].join("\n");
    for (const size of [1, 5, 1 << 20]) {
      const { format, rows } = await rowsOf(text, "gold.txt", size);
      expect(format).toBe("germeval");
      expect(rows.map((r) => [r.section, r.position, r.documentId, r.line])).toEqual([
        ["a", 0, "d1", 2],
        ["a", 1, "d2", 4],
        ["b", 0, "d1", 6],
        ["b", 1, "d3", 7],
      ]);
      // The ids and gold order per section are the engine's own.
      for (const section of ["a", "b"] as const) {
        const engine = parseLabelText(new TextEncoder().encode(text), { taxonomy, role: "gold", fileName: "gold.txt", subtask: section });
        expect(rows.filter((r) => r.section === section).map((r) => r.documentId)).toEqual([...engine.entries.keys()]);
      }
    }
  });

  it("reads JSON Lines ids (numbers too) and plain TSV with no section", async () => {
    const jsonl = await rowsOf('{"id": 7, "labels": ["A"]}\n\n{"id": "x", "labels": []}\n', "gold.jsonl", 4);
    expect(jsonl.format).toBe("jsonl");
    expect(jsonl.rows.map((r) => [r.section, r.position, r.documentId, r.line])).toEqual([
      ["", 0, "7", 1],
      ["", 1, "x", 3],
    ]);
    const tsv = await rowsOf("d1\tA\nd2\n", "gold.tsv", 3);
    expect(tsv.format).toBe("tsv");
    expect(tsv.rows.map((r) => r.text)).toEqual(["d1\tA", "d2"]);
  });
});
