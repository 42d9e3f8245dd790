// A synthetic LSHTC-scale task written to files: a DAG of `nodes` classes in 5 levels of growing
// width (5% of nodes with a second parent, as the engine's synthetic benchmark), `documents` gold
// documents of 1–5 labels (about 3), and a prediction that keeps, replaces or drops each label.
// Deterministic (mulberry32), so every run scores the same data.
import { createWriteStream, existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { seededRandom } from "@hierboard/metrics";

async function writeLines(file: string, lines: (emit: (line: string) => void) => void): Promise<void> {
  const out = createWriteStream(`${file}.part`);
  let buffer: string[] = [];
  const flush = () => {
    out.write(buffer.join("\n") + "\n");
    buffer = [];
  };
  lines((line) => {
    buffer.push(line);
    if (buffer.length === 10_000) flush();
  });
  if (buffer.length) flush();
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  renameSync(`${file}.part`, file);
}

export interface LshtcFiles {
  dir: string;
  taxonomy: string;
  gold: string;
  pred: string;
}

/** Writes (or reuses) the task's files under `root`. */
export async function lshtcTask(root: string, nodes: number, documents: number, seed = 11): Promise<LshtcFiles> {
  const dir = path.join(root, `lshtc-${nodes}-${documents}-${seed}`);
  const files = { dir, taxonomy: path.join(dir, "taxonomy.tsv"), gold: path.join(dir, "gold.tsv"), pred: path.join(dir, "pred.tsv") };
  if (existsSync(files.pred)) return files;
  mkdirSync(dir, { recursive: true });
  const rnd = seededRandom(seed);
  const levels = 5;
  const byLevel: number[][] = [];
  let next = 1;
  let width = Math.max(10, Math.round(nodes / 2 ** levels));
  for (let level = 0; level < levels && next <= nodes; level++) {
    const ids: number[] = [];
    for (let i = 0; i < width && next <= nodes; i++) ids.push(next++);
    byLevel.push(ids);
    width = level === levels - 2 ? nodes - next + 1 : width * 2;
  }
  await writeLines(files.taxonomy, (emit) => {
    byLevel.forEach((ids, level) => {
      for (const id of ids) {
        if (level === 0) emit(`\tc${id}`);
        else {
          const above = byLevel[level - 1]!;
          const parent = above[Math.floor(rnd() * above.length)]!;
          emit(`c${parent}\tc${id}`);
          if (rnd() < 0.05) {
            const other = above[Math.floor(rnd() * above.length)]!;
            if (other !== parent) emit(`c${other}\tc${id}`);
          }
        }
      }
    });
  });
  const pick = () => 1 + Math.floor(rnd() * nodes);
  const labelsOf: number[][] = [];
  for (let d = 0; d < documents; d++) labelsOf.push([...new Set(Array.from({ length: 1 + Math.floor(rnd() * 5) }, pick))]);
  await writeLines(files.gold, (emit) => labelsOf.forEach((labels, d) => emit([`doc${d}`, ...labels.map((l) => `c${l}`)].join("\t"))));
  await writeLines(files.pred, (emit) =>
    labelsOf.forEach((labels, d) => {
      const guessed = [...new Set(labels.flatMap((l) => (rnd() < 0.6 ? [l] : rnd() < 0.5 ? [pick()] : [])))];
      emit([`doc${d}`, ...guessed.map((l) => `c${l}`)].join("\t"));
    }),
  );
  return files;
}
