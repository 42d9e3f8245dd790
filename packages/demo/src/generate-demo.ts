import { seededRandom } from "@hierboard/metrics";
import { drawDemoDocuments, goldTsv } from "./demo-gold.ts";
import { buildDemoTaxonomy } from "./demo-taxonomy.ts";
import { DEMO_TEAMS, type DemoBehaviour } from "./demo-teams.ts";
import { streamSeed } from "./random-choice.ts";

export interface DemoTeamFile {
  readonly name: string;
  readonly behaviour: DemoBehaviour;
  readonly description: string;
  readonly fileName: string;
  readonly content: string;
}

export interface DemoData {
  readonly seed: number;
  readonly documents: number;
  /** The engine's taxonomy TSV (`parent<TAB>child`). */
  readonly taxonomyTsv: string;
  /** Gold TSV (`id<TAB>label…`), every label with its ancestors. */
  readonly goldTsv: string;
  readonly teams: readonly DemoTeamFile[];
}

export interface GenerateDemoOptions {
  /** Default 2019. The same seed always gives byte-identical files. */
  readonly seed?: number;
  /** Default 2,000. */
  readonly documents?: number;
}

/** File names used by `generate` and expected by importers of a demo folder. */
export const DEMO_FILES = { taxonomy: "taxonomy.tsv", gold: "gold.tsv" } as const;

/**
 * Generates the demo task's data: a synthetic, licence-free three-level DAG
 * taxonomy of about 300 nodes, gold labels for 2,000 documents and six teams
 * whose rankings differ between HC-F1, flat micro-F1, subset accuracy and hF.
 * Deterministic: every random choice comes from the seed.
 *
 * @example
 * const demo = generateDemo({ seed: 2019 });
 * demo.teams.map((team) => team.name); // ["Kestrel", "Magpie", "Heron", "Swift", "Dodo", "Owl"]
 */
export function generateDemo(options: GenerateDemoOptions = {}): DemoData {
  const seed = options.seed ?? 2019;
  const taxonomy = buildDemoTaxonomy(seededRandom(streamSeed(seed, "taxonomy")));
  const documents = drawDemoDocuments(taxonomy, seededRandom(streamSeed(seed, "gold")), { documents: options.documents });
  const teams = DEMO_TEAMS.map((spec) => {
    const random = seededRandom(streamSeed(seed, `team:${spec.name}`));
    const lines = documents.map((doc) => spec.predict(doc, taxonomy, random));
    return {
      name: spec.name,
      behaviour: spec.behaviour,
      description: spec.description,
      fileName: spec.fileName,
      content: `${lines.join("\n")}\n`,
    };
  });
  return { seed, documents: documents.length, taxonomyTsv: taxonomy.tsv, goldTsv: goldTsv(taxonomy, documents), teams };
}
