import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hemkitLcaGraphs } from "../src/measures/lca/hemkit-lca-graphs.ts";
import { mgiaNetworkError } from "../src/measures/mgia/mgia-network-error.ts";
import { readLabelFile, readTaxonomyFile } from "../src/node/read-files.ts";
import { evaluate } from "../src/engine/evaluate.ts";
import { ROOT, type Taxonomy } from "../src/taxonomy/taxonomy.ts";
import { SHARED_DIR } from "./shared-data.ts";

// LCA-P/R/F and MGIA against the numbers of the authors' HEMKit, recorded in
// ../shared/data/hemkit (see its README). $HIERBOARD_HEMKIT_CASES points the
// same checks at another folder of cases made the same way.
const CASES_DIR = process.env.HIERBOARD_HEMKIT_CASES ?? `${SHARED_DIR}/data/hemkit`;
const TOLERANCE = 1e-9;

interface Rates {
  precision: number;
  recall: number;
  f1: number;
}
interface ExpectedCase {
  nodeNumbering: Record<string, number>;
  lca: {
    micro: Rates & { tp: number; predicted: number; gold: number };
    macro: Rates;
    documents: { id: string; goldLabels: string[]; predLabels: string[]; goldGraph: string[]; predGraph: string[]; tp: number }[];
  };
  mgia: {
    defaultCost: number;
    documents: { id: string; E: number; union: number; symmetricDifference: number; hemkitMgia: number; unionMgia: number }[];
    meanHemkit: number;
    meanUnion: number;
  };
}

function close(got: number, want: number, what: string): void {
  expect(Math.abs(got - want), `${what}: expected ${want}, got ${got}`).toBeLessThanOrEqual(TOLERANCE);
}

const caseNames = existsSync(CASES_DIR)
  ? readdirSync(CASES_DIR)
      .filter((name) => existsSync(`${CASES_DIR}/${name}/expected.json`))
      .sort()
  : [];
const suite = caseNames.length > 0 ? describe : describe.skip;
const why =
  caseNames.length > 0
    ? ""
    : ` (skipped: no case folders with expected.json in ${CASES_DIR}; these tests need ../shared beside the repository)`;

suite(`HEMKit's LCA graphs and MGIA, case by case${why}`, () => {
  it("finds the case folders", () => {
    expect(caseNames.length).toBeGreaterThan(0);
  });

  it.each(caseNames)("%s: every document's graphs and E, micro and macro LCA-P/R/F and both MGIA means to 1e-9", async (name) => {
    const dir = `${CASES_DIR}/${name}`;
    const expected = JSON.parse(readFileSync(`${dir}/expected.json`, "utf8")) as ExpectedCase;
    const taxonomy = await readTaxonomyFile(`${dir}/taxonomy.tsv`);
    const gold = await readLabelFile(`${dir}/gold.tsv`, { taxonomy, role: "gold", format: "tsv" });
    const pred = await readLabelFile(`${dir}/pred.tsv`, { taxonomy, role: "prediction", format: "tsv" });
    // HEMKit breaks ties by node number: ours must be the same.
    for (const [node, id] of Object.entries(expected.nodeNumbering)) expect(node === "<root>" ? ROOT : taxonomy.id(node), node).toBe(id);

    const names = (ids: readonly number[]): string[] => ids.map((id) => (id === ROOT ? "<root>" : taxonomy.names[id]!));
    const labelsOf = (id: string) => ({ gold: gold.entries.get(id)!.labels, pred: pred.entries.get(id)?.labels ?? [] });
    for (const doc of expected.lca.documents) {
      const { gold: g, pred: p } = labelsOf(doc.id);
      const graphs = hemkitLcaGraphs(taxonomy, g, p);
      expect({ gold: names(graphs.gold), predicted: names(graphs.predicted) }, `${name} ${doc.id}`).toEqual({
        gold: doc.goldGraph,
        predicted: doc.predGraph,
      });
    }
    const D = expected.mgia.defaultCost;
    for (const doc of expected.mgia.documents) {
      const { gold: g, pred: p } = labelsOf(doc.id);
      expect(mgiaNetworkError(taxonomy, g, p, D), `${name} ${doc.id}`).toEqual({
        error: doc.E,
        union: doc.union,
        symmetricDifference: doc.symmetricDifference,
      });
    }

    const result = evaluate({ taxonomy, gold, pred, metrics: ["lca", "mgia"], extra: { mgia: { defaultClassCost: D } } });
    const lca = result.lca as unknown as Rates & { tp: number; predicted: number; gold: number; graph: string; macro: Rates };
    expect(lca.graph).toBe("hemkit");
    expect({ tp: lca.tp, predicted: lca.predicted, gold: lca.gold }).toEqual({
      tp: expected.lca.micro.tp,
      predicted: expected.lca.micro.predicted,
      gold: expected.lca.micro.gold,
    });
    for (const key of ["precision", "recall", "f1"] as const) {
      close(lca[key], expected.lca.micro[key], `${name} lca.micro.${key}`);
      close(lca.macro[key], expected.lca.macro[key], `${name} lca.macro.${key}`);
    }
    const mgia = result.mgia as { accuracy: number; hemkit: { accuracy: number } };
    close(mgia.accuracy, expected.mgia.meanUnion, `${name} mgia.meanUnion`);
    close(mgia.hemkit.accuracy, expected.mgia.meanHemkit, `${name} mgia.meanHemkit`);
  });
});

const GERMEVAL_FILE = `${SHARED_DIR}/data/hemkit/germeval-subtask-b.json`;
const germevalSuite = existsSync(GERMEVAL_FILE) ? describe : describe.skip;
const germevalWhy = existsSync(GERMEVAL_FILE)
  ? ""
  : ` (skipped: ${GERMEVAL_FILE} is absent; these tests need ../shared beside the repository)`;

germevalSuite(`HEMKit's LCA and MGIA on GermEval 2019 subtask b${germevalWhy}`, () => {
  const expected = existsSync(GERMEVAL_FILE)
    ? (JSON.parse(readFileSync(GERMEVAL_FILE, "utf8")) as {
        defaultCost: number;
        systems: Record<
          string,
          {
            file: string;
            lca: { micro: Rates & { tp: number; predicted: number; gold: number }; macro: Rates };
            mgia: { meanHemkit: number; meanUnion: number };
          }
        >;
      })
    : { defaultCost: 6, systems: {} };
  let taxonomy: Taxonomy | undefined;
  const setup = async () => {
    taxonomy ??= await readTaxonomyFile(`${SHARED_DIR}/data/germeval2019/hierarchy.txt`);
    return {
      taxonomy,
      gold: await readLabelFile(`${SHARED_DIR}/data/germeval2019/blurbs_test_label.txt`, { taxonomy, role: "gold", subtask: "b" }),
    };
  };

  it("has the five systems", () => {
    expect(Object.keys(expected.systems)).toHaveLength(5);
  });

  it.each(Object.keys(expected.systems))(
    "%s: LCA micro and macro P/R/F and MGIA equal HEMKit's, and LCA-F differs from hF",
    async (system) => {
      const want = expected.systems[system]!;
      const { taxonomy: t, gold } = await setup();
      const pred = await readLabelFile(`${SHARED_DIR}/${want.file}`, {
        taxonomy: t,
        role: "prediction",
        subtask: "b",
        unknownLabels: "drop",
      });
      const result = evaluate({
        taxonomy: t,
        gold,
        pred,
        metrics: ["lca", "mgia"],
        extra: { mgia: { defaultClassCost: expected.defaultCost } },
      });
      const lca = result.lca as unknown as Rates & { tp: number; predicted: number; gold: number; macro: Rates };
      expect({ tp: lca.tp, predicted: lca.predicted, gold: lca.gold }).toEqual({
        tp: want.lca.micro.tp,
        predicted: want.lca.micro.predicted,
        gold: want.lca.micro.gold,
      });
      for (const key of ["precision", "recall", "f1"] as const) {
        close(lca[key], want.lca.micro[key], `lca.micro.${key}`);
        close(lca.macro[key], want.lca.macro[key], `lca.macro.${key}`);
      }
      const mgia = result.mgia as { accuracy: number; hemkit: { accuracy: number } };
      close(mgia.accuracy, want.mgia.meanUnion, "mgia.meanUnion");
      close(mgia.hemkit.accuracy, want.mgia.meanHemkit, "mgia.meanHemkit");
      const h = result.hierarchical as unknown as Rates;
      expect(Math.abs(lca.f1 - h.f1), "LCA-F against hF").toBeGreaterThan(1e-6);
    },
  );
});
