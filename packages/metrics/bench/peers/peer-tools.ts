import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PeerDataset } from "./peer-datasets.ts";

// Where the reference tools are. None is part of the repository; each is skipped with a message when absent.
//   HIERBOARD_PEER_HEMKIT   HEMKit's program, built from BioASQ/Evaluation-Measures, hierarchical/software (`make`)
//   HIERBOARD_PEER_HICLASS  a checkout of scikit-learn-contrib/hiclass whose metrics import with the Python below
//                           (with Debian's scikit-learn 1.2: the commit before "Add compatibility with scikit-learn > 1.5")
//   HIERBOARD_PEER_COPHE    a checkout of modr00cka/CoPHE (its `scripts` folder)
//   HIERBOARD_PEER_PYTHON   a Python 3 with scikit-learn, SciPy, pandas and networkx (default: python3, else
//                           /usr/bin/python3; on Debian: apt-get install python3-sklearn python3-pandas python3-networkx)

const scripts = fileURLToPath(new URL(".", import.meta.url));

const canImport = (python: string, modules: string) => spawnSync(python, ["-c", `import ${modules}`]).status === 0;

const python = (() => {
  const candidates = [process.env.HIERBOARD_PEER_PYTHON, "python3", "/usr/bin/python3"].filter((p): p is string => Boolean(p));
  return candidates.find((p) => canImport(p, "sklearn, scipy, pandas, networkx")) ?? null;
})();

export interface PeerTool {
  name: string;
  /** What the peer computes. */
  measures: string;
  /** The `hierboard eval` families that compute the same (the core families flat, hc, hierarchical always run). */
  hierboardArgs: string[];
  /** Why the tool can't run on this data set, or null. */
  missing(dataset: PeerDataset): string | null;
  command(): string;
  args(dataset: PeerDataset): string[];
}

function checkout(variable: string, marker: string): string | null {
  const dir = process.env[variable];
  return dir && existsSync(path.join(dir, marker)) ? dir : null;
}

function pythonPeer(name: string, measures: string, hierboardArgs: string[], script: string, checkoutOf?: () => string | null): PeerTool {
  return {
    name,
    measures,
    hierboardArgs,
    missing: () => (python ? null : "no Python 3 with scikit-learn, SciPy, pandas and networkx (set HIERBOARD_PEER_PYTHON)"),
    command: () => python!,
    args: (d) => [
      path.join(scripts, script),
      ...(checkoutOf ? [checkoutOf()!] : []),
      ...["taxonomy.tsv", "gold.tsv", "pred.tsv"].map((f) => path.join(d.dir, f)),
    ],
  };
}

/**
 * HEMKit reads integer node ids: nodes are numbered in the order their names first appear in the
 * taxonomy (parent before child), the root is 0; documents are lines of space-separated ids, the
 * gold and the prediction line by line. Written once per data set.
 */
function hemkitFiles(d: PeerDataset): { hierarchy: string; gold: string; pred: string; depth: number } {
  const dir = path.join(d.dir, "hemkit");
  const ids = new Map<string, number>();
  const id = (name: string): number => {
    if (!ids.has(name)) ids.set(name, ids.size + 1);
    return ids.get(name)!;
  };
  const edges = readFileSync(path.join(d.dir, "taxonomy.tsv"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
  const children = new Set(edges.map(([, child]) => child));
  const lines: string[] = [];
  for (const [parent, child] of edges) {
    if (parent && !children.has(parent) && !ids.has(parent)) lines.push(`0 ${id(parent)}`);
    lines.push(`${parent ? id(parent) : 0} ${id(child!)}`);
  }
  const labels = (file: string) =>
    readFileSync(path.join(d.dir, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t").slice(1).filter(Boolean).map(id).join(" "))
      .join("\n");
  mkdirSync(dir, { recursive: true });
  const files = { hierarchy: path.join(dir, "hierarchy.txt"), gold: path.join(dir, "gold.txt"), pred: path.join(dir, "pred.txt") };
  writeFileSync(files.hierarchy, `${lines.join("\n")}\n`);
  writeFileSync(files.gold, `${labels("gold.tsv")}\n`);
  writeFileSync(files.pred, `${labels("pred.tsv")}\n`);
  return { ...files, depth: taxonomyDepth(edges) };
}

function taxonomyDepth(edges: string[][]): number {
  const parents = new Map<string, string[]>();
  for (const [parent, child] of edges) parents.set(child!, [...(parents.get(child!) ?? []), ...(parent ? [parent] : [])]);
  const memo = new Map<string, number>();
  const depth = (node: string): number => {
    if (!memo.has(node)) memo.set(node, 1 + Math.min(...(parents.get(node) ?? []).map(depth), 0));
    return memo.get(node)!;
  };
  return Math.max(...[...parents.keys()].map(depth));
}

const hemkit: PeerTool = {
  name: "HEMKit",
  measures: "hP/hR/hF, LCA-P/R/F (per-document means)",
  hierboardArgs: ["--metrics", "lca,mgia"],
  missing: () =>
    process.env.HIERBOARD_PEER_HEMKIT && existsSync(process.env.HIERBOARD_PEER_HEMKIT)
      ? null
      : "set HIERBOARD_PEER_HEMKIT to HEMKit's program",
  command: () => process.env.HIERBOARD_PEER_HEMKIT!,
  args: (d) => {
    const f = hemkitFiles(d);
    // Ancestors up to the taxonomy's depth; the default class cost D = 2 · depth, as the engine's MGIA.
    return [f.hierarchy, f.gold, f.pred, String(f.depth), String(2 * f.depth)];
  },
};

const cophe: PeerTool = {
  ...pythonPeer("CoPHE", "CoPHE micro P/R/F1 over every level", ["--metrics", "cophe"], "cophe_levels.py", () =>
    checkout("HIERBOARD_PEER_COPHE", "scripts/multi_level_eval.py"),
  ),
  missing: (d) =>
    !checkout("HIERBOARD_PEER_COPHE", "scripts/multi_level_eval.py")
      ? "set HIERBOARD_PEER_COPHE to a checkout of modr00cka/CoPHE"
      : !d.isTree
        ? "the authors' code takes a tree and dense document × code matrices"
        : python
          ? null
          : "no Python 3 with scikit-learn, SciPy, pandas and networkx (set HIERBOARD_PEER_PYTHON)",
};

const hiclass: PeerTool = {
  ...pythonPeer("hiclass", "micro hP/hR/hF", [], "hiclass_hierarchical.py", () => checkout("HIERBOARD_PEER_HICLASS", "hiclass/metrics.py")),
  missing: () =>
    !checkout("HIERBOARD_PEER_HICLASS", "hiclass/metrics.py")
      ? "set HIERBOARD_PEER_HICLASS to a checkout of scikit-learn-contrib/hiclass"
      : python
        ? null
        : "no Python 3 with scikit-learn, SciPy, pandas and networkx (set HIERBOARD_PEER_PYTHON)",
};

export const peerTools: readonly PeerTool[] = [
  pythonPeer("sklearn", "flat micro/macro P/R/F1, Hamming loss", [], "sklearn_flat.py"),
  hiclass,
  hemkit,
  cophe,
];
