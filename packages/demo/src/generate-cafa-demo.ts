import { seededRandom } from "@hierboard/metrics";
import { pickOne, randomInt, streamSeed, type Random } from "./random-choice.ts";

/** The three namespaces of the CAFA-style demo, named as CAFA names Gene Ontology's. */
export const CAFA_DEMO_NAMESPACES = ["BPO", "MFO", "CCO"] as const;

export interface CafaDemoTeam {
  readonly name: string;
  readonly fileName: string;
  /** `protein<TAB>term<TAB>score` lines. */
  readonly content: string;
}

export interface CafaDemoData {
  /** `parent<TAB>child`: three namespaces of four levels, some terms with two parents (a DAG). */
  readonly taxonomyTsv: string;
  /** `protein<TAB>term<TAB>term…`, not propagated. */
  readonly goldTsv: string;
  /** `term<TAB>weight`: information accretion computed from the gold, as CAFA computes it from its annotations. */
  readonly iaTsv: string;
  readonly teams: readonly CafaDemoTeam[];
}

interface Dag {
  readonly terms: string[];
  readonly parents: Map<string, string[]>;
  /** Terms below the namespace roots, by namespace. */
  readonly below: Map<string, string[]>;
  readonly leaves: string[];
}

/**
 * A small synthetic, licence-free protein-function task shaped like CAFA's: a Gene-Ontology-like
 * DAG of three namespaces (about 40 terms each), gold annotations for `proteins` proteins, the IA
 * weights those annotations give, and four teams whose order differs by namespace (one predicts
 * only general terms, one is CAFA's naive frequency baseline).
 *
 * @example
 * generateCafaDemo({ seed: 5 }).teams.map((t) => t.name); // ["Precise", "Shallow", "Naive", "Noisy"]
 */
export function generateCafaDemo(options: { seed: number; proteins?: number }): CafaDemoData {
  const dag = buildDag(seededRandom(streamSeed(options.seed, "cafa:dag")));
  const gold = drawGold(dag, seededRandom(streamSeed(options.seed, "cafa:gold")), options.proteins ?? 150);
  const closures = new Map([...gold].map(([protein, terms]) => [protein, closure(dag, terms)]));
  const frequency = termFrequency(closures);
  const team = (name: string, predict: (terms: string[], random: Random) => Map<string, number>): CafaDemoTeam => {
    const random = seededRandom(streamSeed(options.seed, `cafa:team:${name}`));
    const lines: string[] = [];
    for (const [protein, terms] of gold)
      for (const [term, score] of predict(terms, random)) lines.push(`${protein}\t${term}\t${score.toFixed(3)}`);
    return { name, fileName: `${name.toLowerCase()}.tsv`, content: `${lines.join("\n")}\n` };
  };
  const teams = [
    team("Precise", (terms, random) => {
      const out = new Map<string, number>();
      for (const t of terms) if (random() < 0.6) out.set(t, 0.3 + 0.7 * random());
      for (let i = 0; i < 3; i++) out.set(pickOne(random, dag.leaves), 0.3 + 0.6 * random());
      return out;
    }),
    team("Shallow", (terms, random) => {
      const out = new Map<string, number>();
      const roots = new Set<string>(CAFA_DEMO_NAMESPACES);
      for (const t of terms)
        for (const a of closure(dag, [t])) if ((dag.parents.get(a) ?? []).some((p) => roots.has(p))) out.set(a, 0.7 + 0.3 * random());
      return out;
    }),
    team("Naive", () => new Map([...frequency].filter(([, f]) => f >= 0.05).map(([t, f]) => [t, Math.max(0.001, Math.min(1, f))]))),
    team("Noisy", (terms, random) => {
      const out = new Map<string, number>();
      for (const t of terms) if (random() < 0.5) out.set(t, 0.2 + 0.8 * random());
      for (let i = 0; i < 6; i++) out.set(pickOne(random, dag.leaves), 0.2 + 0.8 * random());
      return out;
    }),
  ];
  const edges = dag.terms.flatMap((t) => (dag.parents.get(t) ?? []).map((p) => `${p}\t${t}`));
  return {
    taxonomyTsv: `${edges.join("\n")}\n`,
    goldTsv: `${[...gold].map(([protein, terms]) => [protein, ...terms].join("\t")).join("\n")}\n`,
    iaTsv: `${informationAccretion(dag, closures)
      .map(([t, w]) => `${t}\t${w}`)
      .join("\n")}\n`,
    teams,
  };
}

function buildDag(random: Random): Dag {
  const terms: string[] = [];
  const parents = new Map<string, string[]>();
  const below = new Map<string, string[]>();
  const leaves: string[] = [];
  CAFA_DEMO_NAMESPACES.forEach((ns, n) => {
    terms.push(ns);
    let serial = 0;
    const add = (parent: string) => {
      const term = `${ns.slice(0, 2)}:${String(n * 1000 + ++serial).padStart(7, "0")}`;
      terms.push(term);
      parents.set(term, [parent]);
      return term;
    };
    let level: string[] = [ns];
    const all: string[] = [];
    for (const fanOut of [4, 3, 2]) {
      const next = level.flatMap((parent) => Array.from({ length: fanOut }, () => add(parent)));
      // A few terms get a second parent from the level above (GO's multiple inheritance).
      for (const term of next)
        if (level.length > 1 && random() < 0.15) {
          const other = pickOne(random, level);
          if (!parents.get(term)!.includes(other)) parents.get(term)!.push(other);
        }
      all.push(...next);
      level = next;
    }
    below.set(ns, all);
    leaves.push(...level);
  });
  return { terms, parents, below, leaves };
}

/** Each protein gets one to three specific terms in one to three namespaces. */
function drawGold(dag: Dag, random: Random, proteins: number): Map<string, string[]> {
  const gold = new Map<string, string[]>();
  for (let i = 1; i <= proteins; i++) {
    const terms = new Set<string>();
    const spaces = CAFA_DEMO_NAMESPACES.filter((_, n) => n === i % 3 || random() < 0.4);
    for (const ns of spaces) {
      const pool = dag.below.get(ns)!;
      // Specific terms mostly, sometimes a general one: later entries of `pool` are deeper.
      for (let k = randomInt(random, 1, 2); k > 0; k--)
        terms.add(pool[Math.min(pool.length - 1, Math.floor(pool.length * (0.4 + 0.6 * random())))]!);
    }
    gold.set(`P${String(i).padStart(5, "0")}`, [...terms]);
  }
  return gold;
}

function closure(dag: Dag, terms: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...terms];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    stack.push(...(dag.parents.get(t) ?? []));
  }
  return seen;
}

/** The share of proteins annotated (propagated) with each term: the naive baseline's scores. */
function termFrequency(closures: ReadonlyMap<string, Set<string>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const terms of closures.values()) for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return new Map([...counts].map(([t, c]) => [t, c / closures.size]));
}

/** IA(t) = −log2 P(t | all parents of t) over the gold's propagated annotations; 0 for the roots and unseen terms. */
function informationAccretion(dag: Dag, closures: ReadonlyMap<string, Set<string>>): [string, number][] {
  return dag.terms.map((t) => {
    const parents = dag.parents.get(t) ?? [];
    if (parents.length === 0) return [t, 0];
    let withParents = 0;
    let withTerm = 0;
    for (const terms of closures.values()) {
      if (!parents.every((p) => terms.has(p))) continue;
      withParents++;
      if (terms.has(t)) withTerm++;
    }
    return [t, withTerm === 0 ? 0 : Number(Math.log2(withParents / withTerm).toFixed(6))];
  });
}
