-- DropIndex
DROP INDEX "Score_submissionId_measure_goldVersion_key";

-- DropIndex
DROP INDEX "ScoreSet_submissionId_goldVersion_key";

-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "publicFraction" DOUBLE PRECISION,
ADD COLUMN     "splitKey" TEXT;

-- AlterTable
ALTER TABLE "Score" ADD COLUMN     "part" TEXT NOT NULL DEFAULT 'all';

-- AlterTable
ALTER TABLE "ScoreSet" ADD COLUMN     "part" TEXT NOT NULL DEFAULT 'all';

-- CreateIndex
CREATE UNIQUE INDEX "Score_submissionId_measure_goldVersion_part_key" ON "Score"("submissionId", "measure", "goldVersion", "part");

-- CreateIndex
CREATE UNIQUE INDEX "ScoreSet_submissionId_goldVersion_part_key" ON "ScoreSet"("submissionId", "goldVersion", "part");
