import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { evaluate } from "../src/engine/evaluate.ts";
import { buildTaxonomy, type RawEdge } from "../src/taxonomy/build-taxonomy.ts";
import { seededRandom } from "../src/uncertainty/seeded-random.ts";
import { ms, peakRssMiB, timed } from "./stats.ts";

/**
 * A synthetic DAG: `nodes` nodes in `levels` levels of growing width, each
 * node under a random node of the level above, and `dagShare` of them under a
 * second one. Documents get 1–5 labels; predictions keep, replace by a sibling
 * or drop each label.
 */
export function syntheticTask(nodes: number, documents: number, seed = 7, levels = 5, dagShare = 0.05) {
  const rnd = seededRandom(seed);
  const edges: RawEdge[] = [];
  const byLevel: number[][] = [];
  let next = 1;
  let width = Math.max(10, Math.round(nodes / 2 ** levels));
  for (let level = 0; level < levels && next <= nodes; level++) {
    const ids: number[] = [];
    for (let i = 0; i < width && next <= nodes; i++) ids.push(next++);
    byLevel.push(ids);
    width = level === levels - 2 ? nodes - next + 1 : width * 2;
  }
  byLevel.forEach((ids, level) => {
    for (const id of ids) {
      if (level === 0) edges.push({ parent: null, child: `c${id}`, line: edges.length + 1 });
      else {
        const above = byLevel[level - 1]!;
        const parent = above[Math.floor(rnd() * above.length)]!;
        edges.push({ parent: `c${parent}`, child: `c${id}`, line: edges.length + 1 });
        if (rnd() < dagShare) {
          const other = above[Math.floor(rnd() * above.length)]!;
          if (other !== parent) edges.push({ parent: `c${other}`, child: `c${id}`, line: edges.length + 1 });
        }
      }
    }
  });
  const pick = () => 1 + Math.floor(rnd() * nodes);
  const gold: string[] = [];
  const pred: string[] = [];
  for (let d = 0; d < documents; d++) {
    const labels = Array.from({ length: 1 + Math.floor(rnd() * 5) }, pick);
    gold.push([`doc${d}`, ...labels.map((l) => `c${l}`)].join("\t"));
    const guessed = labels.flatMap((l) => (rnd() < 0.6 ? [l] : rnd() < 0.5 ? [pick()] : []));
    pred.push([`doc${d}`, ...guessed.map((l) => `c${l}`)].join("\t"));
  }
  return { edges, gold: gold.join("\n"), pred: pred.join("\n") };
}

export function syntheticBench(nodes: number, documents: number): void {
  const task = syntheticTask(nodes, documents);
  const [taxonomy, buildMs] = timed(() => buildTaxonomy(task.edges));
  const [gold, goldMs] = timed(() => parseLabelText(task.gold, { taxonomy, role: "gold" }));
  const [pred, predMs] = timed(() => parseLabelText(task.pred, { taxonomy, role: "prediction" }));
  const [, scoreMs] = timed(() => evaluate({ taxonomy, gold, pred }));
  console.log(
    `Synthetic DAG: ${taxonomy.size.toLocaleString("en")} nodes (${taxonomy.isDag ? "DAG" : "tree"}, depth ${taxonomy.maxDepth}), ${documents.toLocaleString("en")} documents`,
  );
  console.log(
    `  taxonomy ${ms(buildMs)}, gold parse ${ms(goldMs)}, prediction parse ${ms(predMs)}, scoring (flat + HC + hP/hR) ${ms(scoreMs)}`,
  );
  console.log(
    `  scoring throughput: ${Math.round(documents / (scoreMs / 1000)).toLocaleString("en")} documents/s; peak RSS ${peakRssMiB()} MiB`,
  );
}
