import type { Db } from "@hierboard/db";
import type { JobResult } from "@hierboard/queue";
import { scoringBudget } from "../scoring/scoring-budget.ts";
import { scoreShard } from "../scoring/shards/score-shard.ts";
import type { ShardSpec } from "../scoring/shards/sharding-plan.ts";
import { storeShardResult } from "../scoring/shards/stored-shard-results.ts";

export interface ShardJobDeps {
  db: Db;
  /** Time budget in seconds; absent: none. */
  budgetSeconds?: number;
  /** Test hook: wait before scoring. */
  pauseMs?: number;
}

/** One shard of a sharded submission: scored, and its result stored in Postgres for the merge (the job returns only its number). */
export async function shardJob(shard: ShardSpec, deps: ShardJobDeps): Promise<JobResult<"score-shard">> {
  if (deps.pauseMs) await new Promise((resolve) => setTimeout(resolve, deps.pauseMs));
  const budget = deps.budgetSeconds === undefined ? undefined : scoringBudget(deps.budgetSeconds);
  await storeShardResult(deps.db, shard.submissionId, shard.goldVersion, await scoreShard(deps.db, shard, budget));
  return { shard: shard.shard };
}
