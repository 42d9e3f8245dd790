import { RecordedStatistics } from "@hierboard/metrics";
import { documentPart } from "./document-part.ts";
import type { GoldSplit, SplitPart } from "./gold-part.ts";

/**
 * The documents of one part of a recording, in the recording's (gold) order, with the same
 * layout: their statistics are the rows of `recorded` whose id falls in `part`, so the two parts'
 * sums add up to the whole's.
 */
export function recordingOfPart(recorded: RecordedStatistics, split: GoldSplit, part: SplitPart): RecordedStatistics {
  const ids: string[] = [];
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  recorded.ids.forEach((id, d) => {
    if (documentPart(split, id) !== part) return;
    ids.push(id);
    for (let e = recorded.starts[d]!; e < recorded.starts[d + 1]!; e++) {
      indices.push(recorded.indices[e]!);
      values.push(recorded.values[e]!);
    }
    starts.push(indices.length);
  });
  return new RecordedStatistics(recorded.accumulator, ids, Int32Array.from(starts), Int32Array.from(indices), Float64Array.from(values));
}
