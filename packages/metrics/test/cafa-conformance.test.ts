import { readdirSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { evaluate } from "../src/engine/evaluate.ts";
import { parseLabelText } from "../src/labels/parse-label-text.ts";
import { knownGoldTerms } from "../src/measures/cafa/known-gold-terms.ts";
import { keepGoldProteins } from "../src/measures/cafa/keep-gold-proteins.ts";
import { parseIaFile } from "../src/measures/cafa/parse-ia-file.ts";
import { parseTaxonomy } from "../src/taxonomy/parse-taxonomy.ts";
import { describeWithShared, SHARED_DIR } from "./shared-data.ts";

const CAFA_DIR = `${SHARED_DIR}/data/cafa`;

interface Expected {
  settings: { propagation: string; normalisation: string; threshold_step: number; exclude_roots: boolean; ia_weights: boolean };
  inputs: { taxonomy: string; gold: string; ia: string | null };
  results: { predictions: string; namespaces: Record<string, Record<string, unknown>> }[];
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const SKIPPED = new Set(["cafa_namespace", "fmax_ties", "smin_ties", "wfmax_ties", "wsmin_ties", "fmax_micro_ties"]);
const EXACT = /threshold|^n_|^n$|^tau$|^nW$|^n_w$|status/;

/** Every expected number to 1e-9 (absolute below 1, relative above); thresholds, counts and statuses exactly. */
function expectSame(actual: unknown, expected: unknown, path: string, failures: string[]): void {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      failures.push(`${path}: expected ${expected.length} values, got ${JSON.stringify(actual)?.slice(0, 80)}`);
      return;
    }
    expected.forEach((e, i) => expectSame(actual[i], e, `${path}[${i}]`, failures));
  } else if (typeof expected === "number") {
    const exact = EXACT.test(
      path
        .split(".")
        .pop()!
        .replace(/\[\d+\]$/, ""),
    );
    const ok =
      typeof actual === "number" && (exact ? actual === expected : Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)));
    if (!ok) failures.push(`${path}: expected ${expected}, got ${actual}`);
  } else if (typeof expected === "object" && expected !== null) {
    for (const [key, value] of Object.entries(expected)) {
      if (SKIPPED.has(key)) continue;
      expectSame((actual as Record<string, unknown> | undefined)?.[camel(key)], value, `${path}.${camel(key)}`, failures);
    }
  } else if (actual !== expected) failures.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function checkExpectedFile(dir: string, file: string): void {
  const expected = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Expected;
  const taxonomy = parseTaxonomy(readFileSync(`${dir}/${expected.inputs.taxonomy}`));
  const gold = parseLabelText(knownGoldTerms(readFileSync(`${dir}/${expected.inputs.gold}`), taxonomy).text, { taxonomy, role: "gold" });
  const s = expected.settings;
  const ia = s.ia_weights ? parseIaFile(readFileSync(`${dir}/${expected.inputs.ia}`)) : undefined;
  const cafa = {
    propagation: s.propagation,
    normalisation: s.normalisation,
    thresholdStep: s.threshold_step,
    excludeRoots: s.exclude_roots,
    ia,
  };
  const failures: string[] = [];
  for (const result of expected.results) {
    const parsed = parseLabelText(readFileSync(`${dir}/${result.predictions}`), {
      taxonomy,
      role: "prediction",
      format: "jsonl",
      unknownLabels: "drop",
    });
    const pred = keepGoldProteins(parsed, gold);
    const evaluation = evaluate({ taxonomy, gold, pred, metrics: ["cafa"], extra: { cafa } });
    const namespaces = (evaluation.cafa as { namespaces: Record<string, unknown> }).namespaces;
    expectSame(namespaces, result.namespaces, result.predictions, failures);
  }
  expect(failures.slice(0, 20)).toEqual([]);
}

describeWithShared("cafa family against CAFA-evaluator's expected values", "data/cafa/README.md", () => {
  const cases = readdirSync(CAFA_DIR).filter((name) => name.startsWith("case-"));
  it("finds the visible cases", () => expect(cases.length).toBeGreaterThanOrEqual(20));
  for (const name of cases) it(`matches ${name}`, () => checkExpectedFile(`${CAFA_DIR}/${name}`, "expected.json"));
  const example = `${CAFA_DIR}/example-cafa-evaluator`;
  for (const file of ["expected-default.json", "expected-ia.json", "expected-ia-fill-gt.json", "expected-ia-noroots-fill.json"])
    it(`matches the example set, ${file}`, () => checkExpectedFile(example, file));
});
