import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { parseLabelText } from "./parse-label-text.ts";

const taxonomy = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const labels = taxonomy.names.slice(1, 4);

function refusal(text: string, role: "gold" | "prediction", limit: number): InputError | undefined {
  try {
    parseLabelText(text, { taxonomy, role, fileName: "run.tsv", maxLabelsPerDocument: limit });
    return undefined;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

describe("the labels-per-document limit", () => {
  const text = `d1\t${labels[0]}\nd2\t${labels.join("\t")}\n`;

  it("refuses a prediction line over the limit with its line, the limit and the count found", () => {
    const error = refusal(text, "prediction", 2);
    expect(error?.code).toBe("TOO_MANY_LABELS");
    expect(error?.line).toBe(2);
    expect(error?.message).toBe('run.tsv:2: expected at most 2 labels per document (the task\'s limit), got 3 on document "d2"');
  });

  it("counts distinct labels and scored labels, and accepts a line at the limit", () => {
    expect(refusal(`${text}d3\t${labels[0]}\t${labels[0]}\t${labels[0]}\t${labels[1]}\n`, "prediction", 3)).toBeUndefined();
    const scores = JSON.stringify({ id: "d1", scores: Object.fromEntries(labels.map((l) => [l, 0.5])) });
    expect(refusal(`${scores}\n`, "prediction", 2)?.code).toBe("TOO_MANY_LABELS");
  });

  it("leaves gold files alone", () => {
    expect(refusal(text, "gold", 1)).toBeUndefined();
  });
});
