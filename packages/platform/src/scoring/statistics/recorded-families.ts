/**
 * Above this many documents no per-document statistics are stored (LSHTC scale: about 1M
 * documents would take hundreds of MB per submission); such boards have no tie tests and their
 * submissions no comparisons or label analysis (docs/performance.md, "Stored statistics").
 */
export const RECORDING_MAX_DOCUMENTS = 200_000;

/** Families every stored recording holds: what comparisons and the label analysis use. */
const CORE_FAMILIES = ["flat", "hc", "hierarchical"];

/**
 * The families a submission's stored statistics hold: flat, HC, hP/hR and the primary measure's
 * (the cafa family's are read back under the subtask's CAFA options and IA weights, see
 * `decodeStatistics`).
 */
export function recordedFamilies(primaryMeasure: string): string[] {
  return [...new Set([...CORE_FAMILIES, primaryMeasure.split(".")[0]!])];
}
