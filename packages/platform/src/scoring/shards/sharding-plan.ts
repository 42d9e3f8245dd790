import type { LabelFormat, Subtask } from "@hierboard/metrics";

/**
 * One shard of a submission: a byte range of the stored prediction that starts at a document line
 * (`firstLine` is its 1-based line number) and holds `documents` documents of the chosen section,
 * scored against `goldVersion` as shard `shard` of `shards`.
 */
export interface ShardSpec {
  submissionId: string;
  shard: number;
  shards: number;
  goldVersion: number;
  byteStart: number;
  byteEnd: number;
  firstLine: number;
  documents: number;
  /** The detected format of the whole file, forced on the shard's parser. */
  format: LabelFormat;
  /** GermEval files: the section in force where the shard starts. */
  section?: Subtask;
}

/** How a large submission is scored: every shard against one gold version, then merged exactly. */
export interface ShardingPlan {
  goldVersion: number;
  shards: ShardSpec[];
}

/** A sharded scoring run that cannot merge yet: these shards have no stored result. */
export interface WaitingForShards {
  waitingForShards: ShardSpec[];
}

export function isWaitingForShards(result: unknown): result is WaitingForShards {
  return typeof result === "object" && result !== null && "waitingForShards" in result;
}
