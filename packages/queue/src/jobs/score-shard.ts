import { z } from "zod";

/** Job name of one document shard of a sharded submission. */
export const SCORING_SHARD_JOB = "score-shard";

/**
 * Payload of one shard: a byte range of the stored prediction that starts at a document line
 * (`firstLine` is its 1-based line number) and holds `documents` documents of the chosen section.
 * It conforms to the platform's `ShardSpec`: the domain owns the shape, this schema checks it in transit.
 */
export const scoringShardJobSchema = z.object({
  submissionId: z.string().min(1),
  shard: z.number().int().min(0),
  shards: z.number().int().min(1),
  goldVersion: z.number().int().min(1),
  byteStart: z.number().int().min(0),
  byteEnd: z.number().int().min(0),
  firstLine: z.number().int().min(1),
  documents: z.number().int().min(0),
  /** The detected format of the whole file, forced on the shard's parser. */
  format: z.enum(["tsv", "jsonl", "germeval"]),
  /** GermEval files: the section in force where the shard starts. */
  section: z.enum(["a", "b"]).optional(),
});
export type ScoringShardJobData = z.infer<typeof scoringShardJobSchema>;

/** What a shard job returns: its number only (its result lives in Postgres, ScoringShard). */
export interface ScoringShardJobResult {
  shard: number;
}

/**
 * Shards retry like whole jobs; a shard that fails for good fails its parent (and so the
 * submission). A finished shard is removed at once: its result lives in Postgres (ScoringShard),
 * which is what the merge reads; the parent's list of processed children holds only shard numbers.
 */
export const SCORING_SHARD_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
  failParentOnFailure: true,
} as const;
