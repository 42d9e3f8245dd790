import { cutTaxonomy, parseLabelText, parseTaxonomy, type LabelFile } from "@hierboard/metrics";
import { withInputErrors } from "../errors/app-error.ts";

export interface GoldTarget {
  taxonomy: { content: Uint8Array; fileName: string };
  maxDepth: number | null;
  section: string | null;
}

/** Parses gold labels the way a subtask with these settings reads them; INVALID_FILE otherwise. */
export function parseGoldFor(target: GoldTarget, gold: { content: Uint8Array; fileName: string }): LabelFile {
  const full = withInputErrors(() => parseTaxonomy(target.taxonomy.content, { fileName: target.taxonomy.fileName }));
  const taxonomy = target.maxDepth === null ? full : cutTaxonomy(full, target.maxDepth);
  const section = target.section === "a" || target.section === "b" ? target.section : undefined;
  return withInputErrors(() => parseLabelText(gold.content, { taxonomy, role: "gold", fileName: gold.fileName, subtask: section }));
}
