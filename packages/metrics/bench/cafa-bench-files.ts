import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";

/** mulberry32: a small seeded generator, so every run writes the same files. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CafaBenchFiles {
  readonly taxonomy: string;
  readonly gold: string;
  readonly pred: string;
  readonly ia: string;
}

/** Appends lines to a file through a small buffer, so the generator holds one protein's line at a time. */
function lineWriter(file: string) {
  const fd = openSync(file, "w");
  let buffer: string[] = [];
  let size = 0;
  const flush = () => {
    writeSync(fd, buffer.join(""));
    buffer = [];
    size = 0;
  };
  return {
    line(text: string) {
      buffer.push(text, "\n");
      size += text.length + 1;
      if (size > 1 << 20) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/**
 * Writes the cafa bench's input into `dir`: a GO-shaped DAG of `terms` terms in 3 namespaces
 * (2/3, 1/4, the rest; a third of the terms with a second parent), `proteins` gold proteins with
 * 4 leaves in each of 2 namespaces, each predicted with `scored` scores on random terms of its
 * namespaces (a score file as teams upload it, `protein<TAB>term<TAB>score`), and an IA file.
 * The same files on every run.
 */
export function writeCafaBenchFiles(dir: string, terms: number, proteins: number, scored: number): CafaBenchFiles {
  const next = random(31);
  const files = {
    taxonomy: path.join(dir, "taxonomy.tsv"),
    gold: path.join(dir, "gold.tsv"),
    pred: path.join(dir, "pred.tsv"),
    ia: path.join(dir, "ia.tsv"),
  };
  const sizes = [Math.round(terms * (2 / 3)), Math.round(terms / 4)];
  sizes.push(terms - sizes[0]! - sizes[1]!);
  const edges = lineWriter(files.taxonomy);
  const ia = lineWriter(files.ia);
  const namespaces: string[][] = sizes.map((size, j) => {
    const names = [`NS${j}:0`];
    edges.line(`\tNS${j}:0`);
    for (let i = 1; i < size; i++) {
      const name = `NS${j}:${i}`;
      // parents among the earlier terms, biased towards recent ones: depth grows to about 12
      const parent = names[Math.floor(i - 1 - next() ** 0.2 * (i - 1))]!;
      edges.line(`${parent}\t${name}`);
      if (i > 10 && next() < 1 / 3) {
        const second = names[Math.floor(next() * (i - 1))]!;
        if (second !== parent) edges.line(`${second}\t${name}`);
      }
      names.push(name);
      ia.line(`${name}\t${(next() * 3).toFixed(6)}`);
    }
    return names;
  });
  edges.close();
  ia.close();
  const gold = lineWriter(files.gold);
  const pred = lineWriter(files.pred);
  for (let p = 0; p < proteins; p++) {
    const mine = [p % 3, (p + 1) % 3];
    const pick = (j: number) => namespaces[j]![Math.floor(next() * namespaces[j]!.length)]!;
    gold.line([`P${p}`, ...mine.flatMap((j) => [pick(j), pick(j), pick(j), pick(j)])].join("\t"));
    const scores = new Map<string, number>();
    while (scores.size < scored) scores.set(pick(mine[scores.size % 2]!), Math.ceil(next() * 1000) / 1000);
    for (const [term, score] of scores) pred.line(`P${p}\t${term}\t${score}`);
  }
  gold.close();
  pred.close();
  return files;
}
