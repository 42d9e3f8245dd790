import type { DbTx } from "@hierboard/db";
import type { RecordedNodeStatistics } from "./record-node-statistics.ts";

/** Replaces a score set's per-node statistics (inside the score-writing transaction); none recorded: none kept, so a re-score never shows stale ones. */
export async function writeNodeStatistics(tx: DbTx, scoreSetId: string, recorded: RecordedNodeStatistics | null): Promise<void> {
  await tx.nodeStatistics.deleteMany({ where: { scoreSetId } });
  if (recorded) await tx.nodeStatistics.create({ data: { scoreSetId, ...recorded } });
}
