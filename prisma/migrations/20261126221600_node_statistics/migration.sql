-- CreateTable
CREATE TABLE "NodeStatistics" (
    "id" TEXT NOT NULL,
    "scoreSetId" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT 'all',
    "engineVersion" TEXT NOT NULL,
    "nodes" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NodeStatistics_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NodeStatistics_scoreSetId_part_key" ON "NodeStatistics"("scoreSetId", "part");

-- AddForeignKey
ALTER TABLE "NodeStatistics" ADD CONSTRAINT "NodeStatistics_scoreSetId_fkey" FOREIGN KEY ("scoreSetId") REFERENCES "ScoreSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
