import { labelConfusionOfRecording, type LabelCounts, type RecordedStatistics } from "@hierboard/metrics";
import { RECORDING_MAX_DOCUMENTS } from "./recorded-families.ts";
import { encodeStatistics } from "./statistics-codec.ts";

/** The report's label analysis as stored on a score set. */
export interface StoredLabelErrors {
  overPredicted: LabelCounts[];
  underPredicted: LabelCounts[];
}

/** How many over- and under-predicted labels are stored (the report shows at most this many). */
export const STORED_LABEL_ERRORS = 50;

/** What a score set keeps beside its scores, so that no read path parses a file. */
export interface StoredAnalysis {
  statistics: Uint8Array<ArrayBuffer> | null;
  statisticsFamilies: string[];
  labelErrors: StoredLabelErrors | null;
}

/**
 * The per-document statistics (compact binary) and the label analysis of one scored submission,
 * from its recording (which must hold the flat family). Null recording, or one over
 * `RECORDING_MAX_DOCUMENTS`: nothing stored.
 */
export function storedAnalysis(recorded: RecordedStatistics | null): StoredAnalysis {
  if (!recorded || recorded.documents > RECORDING_MAX_DOCUMENTS) return { statistics: null, statisticsFamilies: [], labelErrors: null };
  const confusion = labelConfusionOfRecording(recorded, { limit: STORED_LABEL_ERRORS });
  return {
    statistics: encodeStatistics(recorded),
    statisticsFamilies: recorded.accumulator.families.map((f) => f.id),
    labelErrors: { overPredicted: [...confusion.overPredicted], underPredicted: [...confusion.underPredicted] },
  };
}
