import { pickOne, randomInt, type Random } from "./random-choice.ts";

/** Top-level themes: invented category names, nothing taken from a real data set. */
export const DEMO_TOPICS = ["Arts", "Business", "Food", "Health", "History", "Nature", "Science", "Sport", "Technology", "Travel"] as const;

const MID_LETTERS = "abcdefgh";

/**
 * A three-level demo taxonomy: top-level themes (`Science`), second-level
 * groups (`Science.b`) and leaves (`Science.b3`). A few leaves also hang
 * under a group of another theme, which makes it a DAG.
 */
export interface DemoTaxonomy {
  readonly tops: readonly string[];
  readonly mids: readonly string[];
  readonly leaves: readonly string[];
  /** Children of a top-level node or a group, through primary edges only. */
  readonly childrenOf: ReadonlyMap<string, readonly string[]>;
  /** The primary parent of every group and leaf (top-level nodes have none). */
  readonly parentOf: ReadonlyMap<string, string>;
  /** The second parent of the leaves that have one (the DAG edges). */
  readonly extraParentOf: ReadonlyMap<string, string>;
  /** The engine's TSV: `parent<TAB>child`, primary edges first, DAG edges last. */
  readonly tsv: string;
}

export interface DemoTaxonomyOptions {
  /** Groups per theme, drawn in [min, max]. */
  readonly midsPerTop?: readonly [number, number];
  /** Leaves per group, drawn in [min, max]. */
  readonly leavesPerMid?: readonly [number, number];
  /** Share of leaves given a second parent in another theme. */
  readonly dagShare?: number;
}

/** Builds the demo taxonomy (about 300 nodes with the defaults). */
export function buildDemoTaxonomy(random: Random, options: DemoTaxonomyOptions = {}): DemoTaxonomy {
  const [midMin, midMax] = options.midsPerTop ?? [4, 6];
  const [leafMin, leafMax] = options.leavesPerMid ?? [4, 6];
  const dagShare = options.dagShare ?? 0.05;
  const tops = [...DEMO_TOPICS];
  const mids: string[] = [];
  const leaves: string[] = [];
  const childrenOf = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const lines: string[] = [];

  for (const top of tops) {
    const groupCount = randomInt(random, midMin, Math.min(midMax, MID_LETTERS.length));
    const groups = Array.from({ length: groupCount }, (_, i) => `${top}.${MID_LETTERS[i]}`);
    childrenOf.set(top, groups);
    for (const group of groups) {
      parentOf.set(group, top);
      mids.push(group);
      lines.push(`${top}\t${group}`);
    }
    for (const group of groups) {
      const leafCount = randomInt(random, leafMin, leafMax);
      const children = Array.from({ length: leafCount }, (_, i) => `${group}${i + 1}`);
      childrenOf.set(group, children);
      for (const leaf of children) {
        parentOf.set(leaf, group);
        leaves.push(leaf);
        lines.push(`${group}\t${leaf}`);
      }
    }
  }

  const extraParentOf = new Map<string, string>();
  const wanted = Math.round(leaves.length * dagShare);
  while (extraParentOf.size < wanted) {
    const leaf = pickOne(random, leaves);
    if (extraParentOf.has(leaf)) continue;
    const ownTop = parentOf.get(parentOf.get(leaf)!)!;
    const group = pickOne(random, mids);
    if (parentOf.get(group) === ownTop) continue;
    extraParentOf.set(leaf, group);
    lines.push(`${group}\t${leaf}`);
  }

  return { tops, mids, leaves, childrenOf, parentOf, extraParentOf, tsv: `${lines.join("\n")}\n` };
}

/** The primary path of a node, top-level node first (the root is left out). */
export function primaryPath(taxonomy: DemoTaxonomy, node: string): string[] {
  const path = [node];
  for (let parent = taxonomy.parentOf.get(node); parent !== undefined; parent = taxonomy.parentOf.get(parent)) path.unshift(parent);
  return path;
}

/** Depth of a node along its primary path: 1 for top-level nodes. */
export function depthOf(taxonomy: DemoTaxonomy, node: string): number {
  return primaryPath(taxonomy, node).length;
}

/** The other leaves of a leaf's primary group; empty for a group or top-level node. */
export function siblingLeaves(taxonomy: DemoTaxonomy, leaf: string): string[] {
  const group = taxonomy.parentOf.get(leaf);
  if (group === undefined || depthOf(taxonomy, leaf) !== 3) return [];
  return (taxonomy.childrenOf.get(group) ?? []).filter((other) => other !== leaf);
}
