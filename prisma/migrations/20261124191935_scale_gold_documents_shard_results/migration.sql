-- AlterTable
ALTER TABLE "GoldVersion" ADD COLUMN     "documentFormat" TEXT;

-- CreateTable
CREATE TABLE "GoldDocument" (
    "goldVersionId" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "documentId" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "GoldDocument_pkey" PRIMARY KEY ("goldVersionId","section","position")
);

-- CreateTable
CREATE TABLE "ScoringShard" (
    "submissionId" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "goldVersion" INTEGER NOT NULL,
    "documents" INTEGER NOT NULL,
    "orderedFamilies" INTEGER[],
    "tally" JSONB NOT NULL,
    "sums" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScoringShard_pkey" PRIMARY KEY ("submissionId","shard")
);

-- CreateTable
CREATE TABLE "ScoringShardBucket" (
    "submissionId" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "bucket" INTEGER NOT NULL,
    "positions" BYTEA NOT NULL,
    "entries" BYTEA NOT NULL,

    CONSTRAINT "ScoringShardBucket_pkey" PRIMARY KEY ("submissionId","bucket","shard")
);

-- CreateIndex
CREATE UNIQUE INDEX "GoldDocument_goldVersionId_section_documentId_key" ON "GoldDocument"("goldVersionId", "section", "documentId");

-- AddForeignKey
ALTER TABLE "GoldDocument" ADD CONSTRAINT "GoldDocument_goldVersionId_fkey" FOREIGN KEY ("goldVersionId") REFERENCES "GoldVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoringShard" ADD CONSTRAINT "ScoringShard_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoringShardBucket" ADD CONSTRAINT "ScoringShardBucket_submissionId_shard_fkey" FOREIGN KEY ("submissionId", "shard") REFERENCES "ScoringShard"("submissionId", "shard") ON DELETE CASCADE ON UPDATE CASCADE;
