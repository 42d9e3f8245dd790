import type { LabelFile } from "../labels/label-file.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { seededRandom } from "./seeded-random.ts";

/**
 * Test fixture (synthetic, generated here): a two-level tree A{A1,A2}, B{B1,B2},
 * C{C1,C2}, gold documents with one leaf each (plus its parent), and
 * predictions that keep the gold leaf with probability `accuracy` and
 * otherwise name a random leaf. Seeded, so every run sees the same files.
 */
export function uncertaintyTaxonomy(): Taxonomy {
  const edges = ["A", "B", "C"].flatMap((top) => [
    { parent: null, child: top },
    { parent: top, child: `${top}1` },
    { parent: top, child: `${top}2` },
  ]);
  return buildTaxonomy(edges.map((e, i) => ({ ...e, line: i + 1 })));
}

const LEAVES = ["A1", "A2", "B1", "B2", "C1", "C2"];

export function goldLeaves(documents: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: documents }, () => LEAVES[Math.floor(random() * LEAVES.length)]!);
}

export function goldFile(taxonomy: Taxonomy, leaves: readonly string[]): LabelFile {
  return parseLabelText(leaves.map((leaf, i) => `d${i}\t${leaf[0]}\t${leaf}`).join("\n"), { taxonomy, role: "gold" });
}

export function noisyPrediction(taxonomy: Taxonomy, leaves: readonly string[], accuracy: number, seed: number): LabelFile {
  const random = seededRandom(seed);
  const lines = leaves.map((leaf, i) => {
    const label = random() < accuracy ? leaf : LEAVES[Math.floor(random() * LEAVES.length)]!;
    return `d${i}\t${label[0]}\t${label}`;
  });
  return parseLabelText(lines.join("\n"), { taxonomy, role: "prediction" });
}
