import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { syntheticTask } from "../synthetic-bench.ts";

/**
 * One data set in the two forms the benchmark needs: the CLI's arguments on the original files, and
 * plain files every peer reads (`taxonomy.tsv`: `parent<TAB>child`, an empty parent for a top-level
 * node; `gold.tsv` and `pred.tsv`: `id<TAB>label…`, one line per gold document in the same order).
 */
export interface PeerDataset {
  name: string;
  dir: string;
  cliArgs: string[];
  isTree: boolean;
  documents: number;
}

type Rows = Map<string, string[]>;

function writePlain(dir: string, edges: [string, string][], gold: Rows, pred: Rows): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "taxonomy.tsv"), edges.map(([p, c]) => `${p}\t${c}\n`).join(""));
  const lines = (rows: (id: string) => string[]) => [...gold.keys()].map((id) => [id, ...rows(id)].join("\t") + "\n").join("");
  writeFileSync(
    path.join(dir, "gold.tsv"),
    lines((id) => gold.get(id) ?? []),
  );
  writeFileSync(
    path.join(dir, "pred.tsv"),
    lines((id) => pred.get(id) ?? []),
  );
}

/** The rows of a GermEval file's `subtask_b` section. */
function sectionB(file: string): Rows {
  const lines = readFileSync(file, "utf8").split("\n");
  const rows: Rows = new Map();
  for (const line of lines.slice(lines.indexOf("subtask_b") + 1)) {
    if (!line) continue;
    const [id, ...labels] = line.split("\t");
    rows.set(id!, labels.filter(Boolean));
  }
  return rows;
}

/** GermEval 2019 subtask B, the Averbis run, read from `../shared`. */
export function germevalDataset(germeval: string, dir: string): PeerDataset {
  const taxonomy = path.join(germeval, "hierarchy.txt");
  const goldFile = path.join(germeval, "blurbs_test_label.txt");
  const predFile = path.join(germeval, "submissions/Averbis__BOHB_CNN.txt");
  const edges = readFileSync(taxonomy, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t") as [string, string]);
  const gold = sectionB(goldFile);
  writePlain(dir, edges, gold, sectionB(predFile));
  const cliArgs = ["--taxonomy", taxonomy, "--gold", goldFile, "--pred", predFile, "--subtask", "b"];
  return { name: `GermEval 2019 subtask B, Averbis (${gold.size} documents)`, dir, cliArgs, isTree: true, documents: gold.size };
}

/** The engine bench's synthetic DAG: 50,000 nodes, 5 % of them with a second parent. */
export function syntheticDataset(documents: number, dir: string): PeerDataset {
  const task = syntheticTask(50_000, documents);
  const edges = task.edges.map((e): [string, string] => [e.parent ?? "", e.child]);
  const rows = (text: string): Rows => new Map(text.split("\n").map((line) => [line.split("\t")[0]!, line.split("\t").slice(1)]));
  writePlain(dir, edges, rows(task.gold), rows(task.pred));
  const cliArgs = [
    "--taxonomy",
    path.join(dir, "taxonomy.tsv"),
    "--gold",
    path.join(dir, "gold.tsv"),
    "--pred",
    path.join(dir, "pred.tsv"),
  ];
  return { name: `synthetic DAG, 50,000 nodes (${documents.toLocaleString("en")} documents)`, dir, cliArgs, isTree: false, documents };
}
