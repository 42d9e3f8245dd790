import { InputError, quote, type InputErrorLocation } from "../errors/input-error.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";

/**
 * The error for a label the taxonomy lacks, saying what it most likely is: a label of a level
 * the subtask's depth cuts away (with a hint shared by every such line), or a look-alike of a
 * known label that differs only by surrounding spaces, case or Unicode compatibility form.
 *
 * @example
 * unknownLabelError("Sachbuch ", taxonomy, where).detail;
 * // 'expected a label of the taxonomy, got "Sachbuch ", which differs from the label "Sachbuch" only by surrounding spaces'
 */
export function unknownLabelError(name: string, taxonomy: Taxonomy, where: InputErrorLocation): InputError {
  const depth = taxonomy.cutAway.get(name.normalize("NFC"));
  if (depth !== undefined) {
    const levels = taxonomy.maxDepth === 1 ? "level 1" : `levels 1–${taxonomy.maxDepth}`;
    return new InputError(
      "UNKNOWN_LABEL",
      `expected a label of ${levels} (the subtask's depth), got ${quote(name)}, a label of the deeper level ${depth}`,
      where,
      {
        hint: `labels of levels deeper than ${taxonomy.maxDepth} are cut away by the subtask's depth: is this the file of another subtask?`,
      },
    );
  }
  const known = taxonomy.lookAlike(name);
  if (known !== undefined) {
    return new InputError(
      "UNKNOWN_LABEL",
      `expected a label of the taxonomy, got ${quote(name)}, which differs from the label ${quote(known)} only by ${differences(name, known)}`,
      where,
    );
  }
  return new InputError("UNKNOWN_LABEL", `expected a label of the taxonomy, got ${quote(name)}`, where);
}

function differences(name: string, known: string): string {
  const found: string[] = [];
  if (name.trim() !== name) found.push("surrounding spaces");
  const inner = name.trim().normalize("NFKC");
  if (inner.toLowerCase() === known.normalize("NFKC").toLowerCase() && inner !== known.normalize("NFKC")) found.push("case");
  if (name.trim().normalize("NFC") !== name.trim().normalize("NFKC")) found.push("Unicode compatibility form (NFKC)");
  return found.join(" and ") || "Unicode form";
}
