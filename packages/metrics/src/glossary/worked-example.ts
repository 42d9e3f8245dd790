import { parseLabelText } from "../labels/parse-label-text.ts";
import { evaluate } from "../engine/evaluate.ts";
import { MEASURE_FAMILIES, NAMED_ONLY_FAMILIES } from "../engine/measure-families.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";

/**
 * The glossary's tiny worked example: one small taxonomy, two documents, one soft prediction file
 * (read at threshold 0.5 by the hard measures). Every measure's example value is computed here by
 * the engine itself, so the glossary can never disagree with the scores.
 */
export const WORKED_EXAMPLE = {
  taxonomy: "Animal\tMammal\nAnimal\tBird\nMammal\tDog\nMammal\tCat\nPlant\tTree\n",
  gold: "d1\tDog\nd2\tBird\n",
  pred: '{"id": "d1", "scores": {"Cat": 0.8, "Dog": 0.3}}\n{"id": "d2", "scores": {"Bird": 0.9, "Tree": 0.6}}\n',
} as const;

/** Each measure's value on the worked example (measures undefined on it are absent). */
export function workedExampleValues(): Record<string, number> {
  const taxonomy = parseTaxonomy(WORKED_EXAMPLE.taxonomy, { fileName: "taxonomy.tsv" });
  const gold = parseLabelText(WORKED_EXAMPLE.gold, { taxonomy, role: "gold", fileName: "gold.tsv" });
  const pred = parseLabelText(WORKED_EXAMPLE.pred, { taxonomy, role: "prediction", fileName: "pred.jsonl" });
  return flattenMeasures(evaluate({ taxonomy, gold, pred, metrics: [...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES].map((f) => f.id) }));
}
