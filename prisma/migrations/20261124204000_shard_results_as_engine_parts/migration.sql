-- Shard results become the engine's encoded shard parts (a summary per shard, a part per gold
-- bucket). Stored shard results are transient (deleted once scores are stored): any left are dropped.
DELETE FROM "ScoringShard";

-- AlterTable
ALTER TABLE "ScoringShard" DROP COLUMN "orderedFamilies",
DROP COLUMN "sums",
DROP COLUMN "tally",
ADD COLUMN     "summary" BYTEA NOT NULL;

-- AlterTable
ALTER TABLE "ScoringShardBucket" DROP COLUMN "entries",
DROP COLUMN "positions",
ADD COLUMN     "part" BYTEA NOT NULL;
