import { forEachLine } from "../../text/read-lines.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * A gold file (`id<TAB>term<TAB>term…`) with the terms the taxonomy lacks left out, and the
 * proteins left with no term dropped, as CAFA-evaluator reads its ground truth (an ontology
 * release drops obsolete terms). Returns the text to parse and how many terms were left out.
 *
 * @example
 * knownGoldTerms("P1\tGO:1\tGO:404\nP2\tGO:404\n", taxonomy); // { text: "P1\tGO:1", dropped: 2 }
 */
export function knownGoldTerms(input: string | Uint8Array, taxonomy: Taxonomy, fileName?: string): { text: string; dropped: number } {
  const lines: string[] = [];
  let dropped = 0;
  forEachLine(
    input,
    (raw) => {
      const fields = raw.replace(/\r$/, "").split("\t");
      if (fields.length < 2) {
        lines.push(raw);
        return;
      }
      const known = fields.slice(1).filter((term) => term === "" || taxonomy.id(term) !== undefined);
      dropped += fields.length - 1 - known.length;
      if (known.some((term) => term !== "")) lines.push([fields[0], ...known].join("\t"));
      else if (known.length === fields.length - 1) lines.push(raw);
    },
    fileName,
  );
  return { text: lines.join("\n"), dropped };
}
