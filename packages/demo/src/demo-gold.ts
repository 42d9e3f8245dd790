import { primaryPath, type DemoTaxonomy } from "./demo-taxonomy.ts";
import { pickOne, pickWeighted, type Random } from "./random-choice.ts";

/** One demo document: its id and its most specific gold labels (leaves, sometimes groups). */
export interface DemoDocument {
  readonly id: string;
  readonly targets: readonly string[];
}

export interface DemoGoldOptions {
  readonly documents?: number;
  /** Share of gold labels that stop at a group instead of a leaf. */
  readonly groupShare?: number;
}

/**
 * Draws the gold documents: one to three labels each, themes Zipf-skewed
 * (some themes are common, some rare), a second label often from the same
 * theme. No target is an ancestor of another.
 */
export function drawDemoDocuments(taxonomy: DemoTaxonomy, random: Random, options: DemoGoldOptions = {}): DemoDocument[] {
  const count = options.documents ?? 2000;
  const groupShare = options.groupShare ?? 0.15;
  const topWeights = taxonomy.tops.map((_, i) => 1 / (i + 1));
  const documents: DemoDocument[] = [];
  const width = String(count).length;
  for (let n = 1; n <= count; n++) {
    const labelCount = pickWeighted(random, [1, 2, 3], [0.6, 0.3, 0.1]);
    const targets: string[] = [];
    let top = pickWeighted(random, taxonomy.tops, topWeights);
    for (let attempt = 0; targets.length < labelCount && attempt < 20; attempt++) {
      if (targets.length > 0 && random() >= 0.6) top = pickWeighted(random, taxonomy.tops, topWeights);
      const group = pickOne(random, taxonomy.childrenOf.get(top)!);
      const target = random() < groupShare ? group : pickOne(random, taxonomy.childrenOf.get(group)!);
      if (targets.some((other) => related(taxonomy, other, target))) continue;
      targets.push(target);
    }
    documents.push({ id: `doc-${String(n).padStart(width, "0")}`, targets });
  }
  return documents;
}

/**
 * The gold file in the GermEval style: every gold label is written with its
 * primary ancestors (`id<TAB>Science<TAB>Science.b<TAB>Science.b3`).
 */
export function goldTsv(taxonomy: DemoTaxonomy, documents: readonly DemoDocument[]): string {
  return documents.map((doc) => [doc.id, ...withAncestors(taxonomy, doc.targets)].join("\t")).join("\n") + "\n";
}

/** The labels with their primary ancestors, each once, in path order. */
export function withAncestors(taxonomy: DemoTaxonomy, labels: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const label of labels) for (const node of primaryPath(taxonomy, label)) seen.add(node);
  return [...seen];
}

function related(taxonomy: DemoTaxonomy, a: string, b: string): boolean {
  return a === b || primaryPath(taxonomy, a).includes(b) || primaryPath(taxonomy, b).includes(a);
}
