import { cpuUsage, memoryUsage } from "node:process";
import { evaluate } from "../src/engine/evaluate.ts";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { parseIaFile } from "../src/measures/cafa/parse-ia-file.ts";
import { parseTaxonomy } from "../src/taxonomy/parse-taxonomy.ts";

/** mulberry32: a small seeded generator, so every run scores the same files. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The cafa family at Gene Ontology size: a GO-shaped DAG of `terms` terms in 3 namespaces
 * (2/3, 1/4, the rest; a third of the terms with a second parent), `proteins` gold proteins with
 * 4 leaves in each of 2 namespaces, each predicted with `scored` scores on random terms of its
 * namespaces, and an IA file. Prints CPU seconds of `evaluate` with cafa (IA-weighted, 99
 * thresholds) beside the core families alone, and the heap after scoring.
 */
export function cafaBench(terms = 45_000, proteins = 5_000, scored = 1_500): void {
  const next = random(31);
  const sizes = [Math.round(terms * (2 / 3)), Math.round(terms / 4)];
  sizes.push(terms - sizes[0]! - sizes[1]!);
  const edges: string[] = [];
  const ia: string[] = [];
  const namespaces: string[][] = sizes.map((size, j) => {
    const names = [`NS${j}:0`];
    edges.push(`\tNS${j}:0`);
    for (let i = 1; i < size; i++) {
      const name = `NS${j}:${i}`;
      // parents among the earlier terms, biased towards recent ones: depth grows to about 12
      const parent = names[Math.floor(i - 1 - next() ** 0.2 * (i - 1))]!;
      edges.push(`${parent}\t${name}`);
      if (i > 10 && next() < 1 / 3) {
        const second = names[Math.floor(next() * (i - 1))]!;
        if (second !== parent) edges.push(`${second}\t${name}`);
      }
      names.push(name);
      ia.push(`${name}\t${(next() * 3).toFixed(6)}`);
    }
    return names;
  });
  const goldLines: string[] = [];
  const predLines: string[] = [];
  for (let p = 0; p < proteins; p++) {
    const mine = [p % 3, (p + 1) % 3];
    const pick = (j: number) => namespaces[j]![Math.floor(next() * namespaces[j]!.length)]!;
    goldLines.push([`P${p}`, ...mine.flatMap((j) => [pick(j), pick(j), pick(j), pick(j)])].join("\t"));
    const scores = new Map<string, number>();
    while (scores.size < scored) scores.set(pick(mine[scores.size % 2]!), Math.ceil(next() * 1000) / 1000);
    predLines.push(JSON.stringify({ id: `P${p}`, scores: Object.fromEntries(scores) }));
  }
  const taxonomy = parseTaxonomy(edges.join("\n"));
  const gold = parseLabelText(goldLines.join("\n"), { taxonomy, role: "gold", fileName: "gold.tsv" });
  const pred = parseLabelText(predLines.join("\n"), { taxonomy, role: "prediction", format: "jsonl", fileName: "pred.jsonl" });
  const extra = { cafa: { ia: parseIaFile(ia.join("\n")) } };
  const seconds = (run: () => unknown) => {
    const before = cpuUsage();
    run();
    const used = cpuUsage(before);
    return (used.user + used.system) / 1e6;
  };
  const core = seconds(() => evaluate({ taxonomy, gold, pred }));
  let fmax = 0;
  const withCafa = seconds(() => {
    const result = evaluate({ taxonomy, gold, pred, metrics: ["cafa"], extra });
    fmax = (result.cafa as { namespaces: Record<string, { wfmax: number }> }).namespaces["NS0:0"]!.wfmax;
  });
  const heap = memoryUsage().heapUsed / 2 ** 20;
  console.log(
    `cafa on a GO-shaped DAG (${taxonomy.size.toLocaleString("en")} terms, 3 namespaces), ${proteins.toLocaleString("en")} proteins × ${scored.toLocaleString("en")} scores, IA-weighted: ` +
      `core families ${core.toFixed(1)} CPU s, core + cafa ${withCafa.toFixed(1)} CPU s (cafa ≈ ${(withCafa - core).toFixed(1)} s), heap ${heap.toFixed(0)} MB, wFmax NS0 ${fmax.toFixed(4)}`,
  );
}
