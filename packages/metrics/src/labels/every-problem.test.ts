import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError, MAX_PROBLEMS } from "../errors/input-error.ts";
import { cutTaxonomy } from "../taxonomy/cut-taxonomy.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { checkGoldLabelled } from "./check-gold-labelled.ts";
import { checkPredictionIds } from "./check-prediction-ids.ts";
import type { LabelFileOptions } from "./label-file-parser.ts";
import { parseLabelText } from "./parse-label-text.ts";

// figure4: A → C, D, E; C → H; D → I, J, K; E → L, M; B → F.
const taxonomy = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const gold = (text: string, extra: Partial<LabelFileOptions> = {}) =>
  parseLabelText(text, { taxonomy, role: "gold", fileName: "gold.tsv", ...extra });
const pred = (text: string, extra: Partial<LabelFileOptions> = {}) =>
  parseLabelText(text, { taxonomy, role: "prediction", fileName: "pred.tsv", ...extra });

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i + 1)).join("\n");

describe("every problem of a file at once", () => {
  it("collects the problems of lines 2, 5 and 9, in file order, each with its line", () => {
    const text = lines(10, (i) => (i === 2 ? "d2\tQ" : i === 5 ? "d1\tA" : i === 9 ? "d9\tA\tZZ" : `d${i}\tA`));
    const error = inputError(() => pred(text));
    expect(error.problems.map((p) => [p.line, p.code])).toEqual([
      [2, "UNKNOWN_LABEL"],
      [5, "DUPLICATE_ID"],
      [9, "UNKNOWN_LABEL"],
    ]);
    expect(error.message).toBe('pred.tsv:2: expected a label of the taxonomy, got "Q" (and 2 more problems)');
  });

  it("a single problem keeps its own message", () => {
    const error = inputError(() => pred("d1\tA\nd2\tQ\n"));
    expect(error.problems).toHaveLength(1);
    expect(error.message).toBe('pred.tsv:2: expected a label of the taxonomy, got "Q"');
  });

  it(`stops at ${MAX_PROBLEMS} problems`, () => {
    const error = inputError(() => gold(lines(200, (i) => `d${i}\tQ${i}`)));
    expect(error.problems).toHaveLength(MAX_PROBLEMS);
    expect(error.problems.at(-1)?.line).toBe(MAX_PROBLEMS);
  });

  it("collects every id the gold lacks, and the missing documents under the error policy", () => {
    const g = gold("a\tA\nb\tB\nc\tC\nd\tD\n");
    const p = pred("a\tA\nx\tB\ny\tC\n");
    const error = inputError(() => checkPredictionIds(g, p, { missingDocuments: "error" }));
    expect(error.problems.map((e) => [e.line, e.code])).toEqual([
      [2, "ID_NOT_IN_GOLD"],
      [3, "ID_NOT_IN_GOLD"],
      [undefined, "MISSING_DOCUMENTS"],
    ]);
    // One sentence with the count and the first ids; the foreign ids do not count as predictions.
    expect(error.problems[2]!.detail).toBe(
      'expected a prediction for every gold document, got none for 3 of 4 gold documents ("b", "c", "d")',
    );
  });

  it("names the count and the first ten missing ids, in gold order, in one sentence", () => {
    const ids = Array.from({ length: 25 }, (_, i) => `doc${String(i + 1).padStart(2, "0")}`);
    const g = gold(ids.map((id) => `${id}\tA\n`).join(""));
    const error = inputError(() => checkPredictionIds(g, pred("doc03\tA\n"), { missingDocuments: "error" }));
    const missing = ids.filter((id) => id !== "doc03");
    const first = missing.slice(0, 10).map((id) => `"${id}"`);
    expect(error.problems).toHaveLength(1);
    expect(error.detail).toBe(
      `expected a prediction for every gold document, got none for 24 of 25 gold documents (the first 10: ${first.join(", ")})`,
    );
    expect(error.message).not.toContain("doc13");
    // The same sentence as a warning under the empty policy, once.
    const [warning, ...others] = checkPredictionIds(g, pred("doc03\tA\n"), { missingDocuments: "empty" });
    expect(others).toEqual([]);
    expect(warning).toBe(
      `pred.tsv: no prediction for 24 of 25 gold documents (the first 10: ${first.join(", ")}); they count as empty predictions`,
    );
  });
});

describe("wrong delimiters", () => {
  it.each([";", ",", "|"])("refuses a gold file whose fields are separated by %j, on every line, with one hint", (separator) => {
    const error = inputError(() => gold(["d1", "A", "C"].join(separator) + "\n" + ["d2", "B"].join(separator)));
    expect(error.code).toBe("WRONG_DELIMITER");
    expect(error.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(error.detail).toBe(
      `expected tabs between fields, got fields separated by '${separator}' in ${JSON.stringify(`d1${separator}A${separator}C`)}`,
    );
    expect(error.hint).toMatch(new RegExp(`^fields are separated by '\\${separator}'; expected tabs`));
  });

  it("refuses a prediction file separated by ';' with the delimiter, not 'an id the gold lacks'", () => {
    const error = inputError(() => pred("d1;A\n"));
    expect(error.code).toBe("WRONG_DELIMITER");
    expect(error.hint).toContain("fields are separated by ';'; expected tabs");
  });

  it("accepts an id that holds a comma followed by no label", () => {
    expect(gold("isbn,978\tA\n").entries.has("isbn,978")).toBe(true);
  });
});

describe("a label cut away by the subtask's depth", () => {
  it("says it belongs to a deeper level, and the bogus label of a later line is reported too", () => {
    const levelOne = cutTaxonomy(taxonomy, 1);
    const text = "d1\tA\tC\nd2\tB\td3x\nd3\tA\nd4\tA\nd5\tNOPE\n";
    const error = inputError(() => parseLabelText(text, { taxonomy: levelOne, role: "gold", fileName: "gold.tsv" }));
    expect(error.problems.map((p) => [p.line, p.detail])).toEqual([
      [1, 'expected a label of level 1 (the subtask\'s depth), got "C", a label of the deeper level 2'],
      [2, 'expected a label of the taxonomy, got "d3x"'],
      [5, 'expected a label of the taxonomy, got "NOPE"'],
    ]);
  });

  it("gives one hint when most problems are cut-away labels", () => {
    const levelOne = cutTaxonomy(taxonomy, 1);
    const error = inputError(() => parseLabelText("d1\tA\tC\nd2\tB\tF\nd3\tQ\n", { taxonomy: levelOne, role: "gold" }));
    expect(error.problems).toHaveLength(3);
    expect(error.hint).toContain("cut away by the subtask's depth");
  });
});

describe("labels compared as Unicode NFC", () => {
  const nfc = "Sachb\u00fccher";
  const nfd = "Sachbu\u0308cher";
  const german = parseTaxonomy(`\t${nfc}\n${nfc}\tRoman\n`);

  it("reads an NFD label against an NFC taxonomy, in gold and predictions, as the same label", () => {
    const g = parseLabelText(`d1\t${nfd}\n`, { taxonomy: german, role: "gold" });
    expect(g.entries.get("d1")!.labels).toEqual([german.id(nfc)]);
    const p = parseLabelText(`d1\t${nfd}\n`, { taxonomy: german, role: "prediction", unknownLabels: "drop" });
    expect(p.droppedUnknown).toBe(0);
  });

  it("stores an NFD taxonomy's names in NFC", () => {
    const fromNfd = parseTaxonomy(`\t${nfd}\n`);
    expect(fromNfd.names[1]).toBe(nfc);
    expect(fromNfd.id(nfd)).toBe(1);
  });

  it.each([
    [" Roman ", "surrounding spaces"],
    ["roman", "case"],
    ["\uff32oman", "Unicode compatibility form (NFKC)"],
  ])("names the look-alike of %j (%s)", (written, how) => {
    const error = inputError(() => parseLabelText(`d1\t${written}\t${nfc}\n`, { taxonomy: german, role: "gold" }));
    expect(error.detail).toBe(
      `expected a label of the taxonomy, got ${JSON.stringify(written)}, which differs from the label "Roman" only by ${how}`,
    );
  });
});

describe("gold files in which most documents have no label", () => {
  it("are refused, naming the count and the first such line", () => {
    const error = inputError(() => checkGoldLabelled(gold("d1\tA\nd2\nd3\n")));
    expect(error.code).toBe("UNLABELLED_GOLD");
    expect(error.detail).toBe("expected most gold documents to have a label, got 2 of 3 without any (the first on line 2)");
  });

  it("are accepted when at most half have none, with the count", () => {
    expect(checkGoldLabelled(gold("d1\tA\nd2\n"))).toBe(1);
    expect(checkGoldLabelled(gold("d1\tA\nd2\tB\n"))).toBe(0);
  });
});

describe("taxonomy files", () => {
  it("report every malformed line at once", () => {
    const error = inputError(() => parseTaxonomy("A\tB\nA;C\nA\tD\nB\t\n", { fileName: "taxonomy.tsv" }));
    expect(error.problems.map((p) => [p.line, p.code])).toEqual([
      [2, "COLUMN_COUNT"],
      [4, "EMPTY_FIELD"],
    ]);
  });
});
