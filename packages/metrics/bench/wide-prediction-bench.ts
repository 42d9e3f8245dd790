import { cpuUsage } from "node:process";
import { evaluate } from "../src/engine/evaluate.ts";
import { MEASURE_FAMILIES } from "../src/engine/measure-families.ts";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { parseTaxonomy } from "../src/taxonomy/parse-taxonomy.ts";

/**
 * Scoring cost of one document whose prediction lists n labels (a participant listing
 * every label), against a gold of 5 leaves, per family, for growing n: bounded cost keeps
 * the microseconds per label flat as n doubles. The tree is root → 40 → 40 → 40
 * (65,640 labels); the prediction takes every k-th label, inner nodes included.
 */
export function widePredictionBench(sizes = [4_000, 16_000, 64_000]): void {
  const edges: string[] = [];
  const names: string[] = [];
  const add = (parent: string, child: string) => {
    edges.push(`${parent}\t${child}`);
    names.push(child);
  };
  for (let a = 0; a < 40; a++) {
    add("", `a${a}`);
    for (let b = 0; b < 40; b++) {
      add(`a${a}`, `a${a}b${b}`);
      for (let c = 0; c < 40; c++) add(`a${a}b${b}`, `a${a}b${b}c${c}`);
    }
  }
  const taxonomy = parseTaxonomy(edges.join("\n"));
  const gold = parseLabelText("d\ta1b2c3\ta7b1c1\ta9b9c9\ta20b3c5\ta33b0c0\n", { taxonomy, role: "gold", fileName: "gold" });
  console.log(
    "One document predicting n labels against 5 gold leaves (CPU ms per family, with the core families; µs per label should stay flat):",
  );
  for (const n of sizes) {
    const step = Math.floor(names.length / n);
    const line = `d\t${names
      .filter((_, i) => i % step === 0)
      .slice(0, n)
      .join("\t")}\n`;
    const pred = parseLabelText(line, { taxonomy, role: "prediction", fileName: "pred" });
    const cells = MEASURE_FAMILIES.map((family) => {
      const before = cpuUsage();
      evaluate({ taxonomy, gold, pred, metrics: [family.id] });
      const used = cpuUsage(before);
      const ms = (used.user + used.system) / 1000;
      return `${family.id} ${ms.toFixed(0)} (${((ms * 1000) / n).toFixed(1)} µs/label)`;
    });
    console.log(`  n = ${n.toLocaleString("en").padStart(6)}: ${cells.join(", ")}`);
  }
}
