import { parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { AppError } from "../src/errors/app-error.ts";
import { type EngineTask, runEngineTask } from "../src/scoring/engine/engine-tasks.ts";
import { validatePrediction } from "../src/submissions/validate-prediction.ts";

// An engine thread keeps a gold's ids alone (not its labels) for validating predictions, and
// parses a prediction without keeping its labels: a result or refusal must be the one the whole
// parsed gold and prediction give, problem by problem.
const text = (s: string) => new TextEncoder().encode(s);
const taxonomyText = "\tAnimals\nAnimals\tCats\nAnimals\tDogs\n\tPlants\nPlants\tTrees\nAnimals\tTrees\n";
const goldText = "g1\tCats\ng2\tDogs\tTrees\ng3\tPlants\ng4\tAnimals\n";

const predictions: Record<string, string> = {
  valid: "g1\tCats\ng2\tDogs\ng3\tTrees\ng4\tAnimals\n",
  "repeated labels": "g1\tCats\tCats\ng2\tDogs\ng3\tTrees\ng4\n",
  "unknown labels and a look-alike": "g1\tCats\ng2\tdogs\ng3\tRocks\ng4\tAnimals\n",
  "an id the gold lacks and a repeated id": "g1\tCats\nx9\tDogs\ng1\tTrees\ng4\tAnimals\n",
  "missing documents": "g1\tCats\n",
  "too many labels": "g1\tCats\tDogs\tTrees\tPlants\ng2\tDogs\ng3\tTrees\ng4\tAnimals\n",
  "wrong delimiter": "g1;Cats\ng2\tDogs\ng3\tTrees\ng4\tAnimals\n",
  "JSON lines": '{"id": "g1", "paths": [["Animals", "Cats"]]}\n{"id": "g2", "paths": [["Plants", "Dogs"]]}\n',
  "lines past the budget": `${"g1\tCats\n".repeat(30)}`,
};

const rules = (missingDocuments: "empty" | "error") =>
  ({ section: undefined, unknownLabels: "error", missingDocuments, maxLabelsPerDocument: 3, cafa: false }) as const;

/** The result, or the refusal as plain data. */
function settle(run: () => { documents: number; warnings: string[] }) {
  try {
    const { documents, warnings } = run();
    return { documents, warnings };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, details: error.details };
  }
}

function throughThread(content: string, missingDocuments: "empty" | "error") {
  const task: EngineTask = {
    kind: "validate",
    taxonomy: { hash: "taxonomy-ids-test", fileName: "taxonomy.tsv", maxDepth: null, content: text(taxonomyText) },
    gold: { hash: "gold-ids-test", fileName: "gold.tsv", section: undefined, content: text(goldText) },
    ...rules(missingDocuments),
    fileName: "run.tsv",
    content: text(content),
  };
  const result = runEngineTask(task);
  if (result.ok) {
    const { documents, warnings } = result.value as { documents: number; warnings: string[] };
    return { documents, warnings };
  }
  if ("need" in result) throw new Error("the task carries its files");
  return result.error;
}

describe("validating against a gold's ids alone", () => {
  const taxonomy = parseTaxonomy(text(taxonomyText), { fileName: "taxonomy.tsv" });
  const gold = parseLabelText(text(goldText), { taxonomy, role: "gold", fileName: "gold.tsv" });

  for (const [name, content] of Object.entries(predictions))
    for (const missingDocuments of ["empty", "error"] as const)
      it(`gives what the whole gold gives: ${name}, missing documents ${missingDocuments}`, () => {
        const whole = settle(() => validatePrediction({ taxonomy, gold }, rules(missingDocuments), text(content), "run.tsv"));
        expect(throughThread(content, missingDocuments)).toEqual(whole);
      });

  it("refuses what it should (the fixtures are not all valid)", () => {
    const refused = Object.values(predictions).filter((content) => "code" in throughThread(content, "error"));
    expect(refused.length).toBeGreaterThanOrEqual(7);
  });
});
