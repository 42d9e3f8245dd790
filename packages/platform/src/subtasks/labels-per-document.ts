import { z } from "zod";

/**
 * The most labels one document of a prediction may carry, per subtask: a longer line is refused at
 * upload (the web's validation and the worker both pass it to the engine's parser). The default,
 * 1,000, is far above what a real run writes (GermEval's documents carry at most a few dozen labels
 * with their ancestors) and keeps the cost of scoring one line small; an organiser whose task needs
 * more raises it, up to 100,000. The database column's default is the same number.
 */
export const maxLabelsPerDocument = z.number().int().min(1).max(100_000).default(1000);
