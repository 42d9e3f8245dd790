import { withAncestors, type DemoDocument } from "./demo-gold.ts";
import { depthOf, primaryPath, siblingLeaves, type DemoTaxonomy } from "./demo-taxonomy.ts";
import { pickOne, type Random } from "./random-choice.ts";

/** What a demo team does; the leaderboard story hangs on these. */
export type DemoBehaviour = "strong" | "over-specialised" | "under-specialised" | "flat-leaves" | "random" | "soft-scores";

export interface DemoTeamSpec {
  readonly name: string;
  readonly behaviour: DemoBehaviour;
  readonly description: string;
  readonly fileName: string;
  /** One document's prediction line (TSV or JSON Lines, without the newline). */
  readonly predict: (doc: DemoDocument, taxonomy: DemoTaxonomy, random: Random) => string;
}

const tsvLine = (id: string, labels: readonly string[]) => [id, ...labels].join("\t");

/** A leaf of the same group, or the leaf itself when it has no sibling. */
function sibling(taxonomy: DemoTaxonomy, leaf: string, random: Random): string {
  const others = siblingLeaves(taxonomy, leaf);
  return others.length === 0 ? leaf : pickOne(random, others);
}

const isLeaf = (taxonomy: DemoTaxonomy, node: string) => depthOf(taxonomy, node) === 3;

/** The six demo teams, in a fixed order. */
export const DEMO_TEAMS: readonly DemoTeamSpec[] = [
  {
    name: "Kestrel",
    behaviour: "strong",
    description:
      "Strong system: the right leaf for most labels, with its ancestors; now and then a sibling leaf, a missed leaf or one stray label.",
    fileName: "kestrel.tsv",
    predict(doc, taxonomy, random) {
      const labels = doc.targets.map((target) => {
        if (!isLeaf(taxonomy, target)) return target;
        const r = random();
        if (r < 0.86) return target;
        if (r < 0.93) return sibling(taxonomy, target, random);
        return taxonomy.parentOf.get(target)!;
      });
      if (random() < 0.06) labels.push(pickOne(random, taxonomy.leaves));
      return tsvLine(doc.id, withAncestors(taxonomy, labels));
    },
  },
  {
    name: "Magpie",
    behaviour: "over-specialised",
    description:
      "Over-specialises: always answers with a leaf, even where the gold stops at a group, and often picks a sibling of the right leaf or adds one.",
    fileName: "magpie.tsv",
    predict(doc, taxonomy, random) {
      const labels: string[] = [];
      for (const target of doc.targets) {
        if (!isLeaf(taxonomy, target)) {
          labels.push(pickOne(random, taxonomy.childrenOf.get(target)!));
          continue;
        }
        labels.push(random() < 0.55 ? target : sibling(taxonomy, target, random));
        if (random() < 0.3) labels.push(sibling(taxonomy, target, random));
      }
      return tsvLine(doc.id, withAncestors(taxonomy, labels));
    },
  },
  {
    name: "Heron",
    behaviour: "under-specialised",
    description: "Under-specialises: stops at the right group (sometimes only the theme) and never commits to a leaf.",
    fileName: "heron.tsv",
    predict(doc, taxonomy, random) {
      const labels = doc.targets.map((target) => {
        const path = primaryPath(taxonomy, target);
        return random() < 0.12 ? path[0]! : path[Math.min(1, path.length - 1)]!;
      });
      return tsvLine(doc.id, withAncestors(taxonomy, labels));
    },
  },
  {
    name: "Swift",
    behaviour: "flat-leaves",
    description: "Flat classifier: predicts only the most specific label, without its ancestors, and is usually right about it.",
    fileName: "swift.tsv",
    predict(doc, taxonomy, random) {
      const labels = doc.targets.map((target) => {
        if (!isLeaf(taxonomy, target)) return target;
        const r = random();
        if (r < 0.82) return target;
        if (r < 0.92) return sibling(taxonomy, target, random);
        return pickOne(random, taxonomy.leaves);
      });
      return tsvLine(doc.id, [...new Set(labels)]);
    },
  },
  {
    name: "Dodo",
    behaviour: "random",
    description: "Random baseline: one or two leaves drawn uniformly, with their ancestors.",
    fileName: "dodo.tsv",
    predict(doc, taxonomy, random) {
      const labels = [pickOne(random, taxonomy.leaves)];
      if (random() < 0.5) labels.push(pickOne(random, taxonomy.leaves));
      return tsvLine(doc.id, withAncestors(taxonomy, labels));
    },
  },
  {
    name: "Owl",
    behaviour: "soft-scores",
    description:
      "Soft scores (JSON Lines): confident about themes and groups, unsure about leaves, with sibling and stray distractors; hard measures apply the 0.5 threshold.",
    fileName: "owl.jsonl",
    predict(doc, taxonomy, random) {
      const scores = new Map<string, number>();
      const raise = (node: string, score: number) => scores.set(node, Math.max(scores.get(node) ?? 0, score));
      for (const target of doc.targets) {
        const path = primaryPath(taxonomy, target);
        let score = 0.3 + 0.68 * random();
        for (let i = path.length - 1; i >= 0; i--) {
          raise(path[i]!, score);
          score = Math.max(score, 0.55 + 0.44 * random());
        }
        if (isLeaf(taxonomy, target)) raise(sibling(taxonomy, target, random), 0.05 + 0.55 * random());
      }
      for (let i = 0; i < 3; i++) raise(pickOne(random, taxonomy.leaves), 0.02 + 0.4 * random());
      const rounded = Object.fromEntries([...scores].map(([node, score]) => [node, Math.round(score * 1000) / 1000]));
      return JSON.stringify({ id: doc.id, scores: rounded });
    },
  },
];
