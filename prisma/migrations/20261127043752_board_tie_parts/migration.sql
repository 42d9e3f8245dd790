-- DropIndex
DROP INDEX "BoardTie_phaseId_subtaskId_submissionId_key";

-- AlterTable
ALTER TABLE "BoardTie" ADD COLUMN     "part" TEXT NOT NULL DEFAULT 'all';

-- CreateIndex
CREATE UNIQUE INDEX "BoardTie_phaseId_subtaskId_part_submissionId_key" ON "BoardTie"("phaseId", "subtaskId", "part", "submissionId");
