import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { LabelFileParser, mergeParseTallies, parseTallyWarnings } from "./label-file-parser.ts";

const taxonomy = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const known = taxonomy.names.filter((n, i) => i > 0 && n !== "");

function parser() {
  return new LabelFileParser({ taxonomy, role: "prediction", fileName: "pred.tsv", unknownLabels: "drop" });
}

describe("parse tallies of a file read in parts", () => {
  it("merge, in file order, into the warnings of the whole file (example: two parts)", () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `d${i}\t${known[i % known.length]}\tghost${i % 7}\t${i % 3 === 0 ? known[0] : ""}\t${i % 3 === 0 ? known[0] : ""}`,
    );
    for (const cut of [0, 1, 3, 17, 39, 40]) {
      const whole = parser();
      lines.forEach((line, i) => whole.push(line, i + 1));
      const parts = [parser(), parser()];
      lines.forEach((line, i) => parts[i < cut ? 0 : 1]!.push(line, i + 1));
      const merged = mergeParseTallies(parts.map((p) => p.tally));
      expect(merged).toEqual(whole.tally);
      expect(parseTallyWarnings("pred.tsv", "prediction", merged.sawContent, merged)).toEqual(whole.finish().warnings);
      expect(whole.finish().warnings.join("\n")).toMatch(
        /dropped 40 unknown labels \(e\.g\. "ghost0", "ghost1", "ghost2", "ghost3", "ghost4"\)/,
      );
    }
  });
});
