import type { ShardLimits, ShardPlan, PlannedShard } from "./plan-shards.ts";
import { forEachStoredLine } from "./stored-lines.ts";

/** The protein of a score line (`protein<TAB>term<TAB>score`, fields split as the score parser splits them). */
function proteinOf(line: string): string {
  return line.trim().split(/[\t ]+/, 1)[0]!;
}

/**
 * One streaming pass over a CAFA score file that cuts it into shards of whole proteins: a shard
 * starts only where the protein changes, so each protein's lines (a pair given twice keeps its
 * largest score, a protein may carry at most N terms) are all read by one shard. Undefined when
 * a protein's lines are not consecutive and a cut falls between them: such a file is scored in
 * one job. `documents` counts proteins. Memory is one line, the cuts and the protein ids.
 */
export async function planCafaShards(
  chunks: AsyncIterable<Uint8Array>,
  opts: { fileName?: string; totalBytes: number; limits: ShardLimits },
): Promise<ShardPlan | undefined> {
  const shardOf = new Map<string, number>();
  const shards: PlannedShard[] = [];
  let current: PlannedShard | undefined;
  let previous: string | undefined;
  let split = false;
  await forEachStoredLine(chunks, { byte: 0, line: 1 }, opts.fileName, (line, lineNumber, byteStart) => {
    if (split || line.trim() === "") return;
    const protein = proteinOf(line);
    if (protein === previous) return;
    previous = protein;
    const seenIn = shardOf.get(protein);
    if (seenIn !== undefined) {
      // The protein again after others: fine within its own shard, a split otherwise.
      if (seenIn !== shards.length - 1) split = true;
      return;
    }
    if (current && (current.documents >= opts.limits.maxDocuments || byteStart - current.byteStart >= opts.limits.maxBytes)) {
      current.byteEnd = byteStart;
      current = undefined;
    }
    if (!current) {
      current = { byteStart, byteEnd: opts.totalBytes, firstLine: lineNumber, documents: 0 };
      shards.push(current);
    }
    current.documents += 1;
    shardOf.set(protein, shards.length - 1);
  });
  if (split) return undefined;
  return { format: "tsv", documents: shardOf.size, shards };
}
