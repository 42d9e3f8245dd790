import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { readLinesFromChunks } from "../src/node/read-lines-from-file.ts";
import { parseTaxonomy } from "../src/taxonomy/parse-taxonomy.ts";
import { median, ms, timed } from "./stats.ts";

/**
 * Parse time of one line of n labels (TSV and JSON), for growing n: linear
 * parsing keeps the time per label flat as n doubles. The tests check the same
 * property by counting work (test/fuzz); this prints the wall-clock figures.
 */
export async function wideLineBench(sizes = [25_000, 50_000, 100_000, 200_000]): Promise<void> {
  console.log("One line of n labels (median of 3 parses; µs per label should stay flat as n doubles):");
  for (const n of sizes) {
    const taxonomy = parseTaxonomy(Array.from({ length: n }, (_, i) => `\tL${i}`).join("\n"));
    const all = Array.from({ length: n }, (_, i) => `L${i}`);
    const texts = {
      tsv: `d1\t${all.join("\t")}\n`,
      json: `${JSON.stringify({ id: "d1", labels: all })}\n`,
    };
    const cells = Object.entries(texts).map(([format, text]) => {
      const t = median([0, 1, 2].map(() => timed(() => parseLabelText(text, { taxonomy, role: "prediction", fileName: "wide" }))[1]));
      return `${format} ${ms(t)} (${((t * 1000) / n).toFixed(2)} µs/label)`;
    });
    console.log(`  n = ${n.toLocaleString("en").padStart(7)}: ${cells.join(", ")}`);
  }
  const line = new TextEncoder().encode(`d1\t${"é".repeat(2 * 1024 * 1024)}\n`);
  async function* chunks() {
    for (let at = 0; at < line.length; at += 64) yield line.subarray(at, at + 64);
  }
  const start = process.hrtime.bigint();
  await readLinesFromChunks(chunks(), () => {});
  console.log(`  a 4 MB line in 64-byte chunks: ${ms(Number(process.hrtime.bigint() - start) / 1e6)}`);
}
