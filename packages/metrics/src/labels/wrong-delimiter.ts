import { InputError, quote, type InputErrorLocation } from "../errors/input-error.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";

const WRONG_DELIMITERS = [";", ",", "|"] as const;

/**
 * Refuses a line whose id field holds `;`, `,` or `|` followed by a label of the taxonomy: its
 * fields are separated by that character instead of tabs. Read as tabs, such a line would be a
 * document whose id is the whole line and which has no label (a gold file stored as valid), or
 * an id the gold lacks.
 *
 * @example
 * checkDelimiter("d1;Sachbuch", taxonomy, where); // throws: expected tabs between fields, got fields separated by ';' in "d1;Sachbuch"
 * checkDelimiter("isbn,978", taxonomy, where);     // passes: "978" is no label
 */
export function checkDelimiter(idField: string, taxonomy: Taxonomy, where: InputErrorLocation): void {
  for (const separator of WRONG_DELIMITERS) {
    if (!idField.includes(separator)) continue;
    const rest = idField.split(separator).slice(1);
    if (!rest.some((field) => taxonomy.id(field.trim()) !== undefined)) continue;
    throw new InputError(
      "WRONG_DELIMITER",
      `expected tabs between fields, got fields separated by '${separator}' in ${quote(idField)}`,
      where,
      {
        hint: `fields are separated by '${separator}'; expected tabs: save the file with a tab between the document id and each label`,
      },
    );
  }
}
