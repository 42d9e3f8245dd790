/**
 * Above this many documents no per-document statistics are stored (LSHTC scale: about 1M
 * documents would take hundreds of MB per submission); such boards have no tie tests and their
 * submissions no comparisons or label analysis (docs/performance.md, "Stored statistics").
 */
export const RECORDING_MAX_DOCUMENTS = 200_000;

/** Families every stored recording holds: what comparisons and the label analysis use. */
const CORE_FAMILIES = ["flat", "hc", "hierarchical"];

/**
 * Families never stored: the cafa family's statistics depend on the subtask's options and IA
 * weights, which a stored recording does not carry (so CAFA measures have no tie tests).
 */
const UNRECORDED_FAMILIES = ["cafa"];

/** The families a submission's stored statistics hold: flat, HC, hP/hR and the primary measure's. */
export function recordedFamilies(primaryMeasure: string): string[] {
  const primary = primaryMeasure.split(".")[0]!;
  return [...new Set([...CORE_FAMILIES, ...(UNRECORDED_FAMILIES.includes(primary) ? [] : [primary])])];
}
