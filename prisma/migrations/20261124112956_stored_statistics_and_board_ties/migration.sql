-- AlterTable
ALTER TABLE "ScoreSet" ADD COLUMN     "labelErrors" JSONB,
ADD COLUMN     "statistics" BYTEA,
ADD COLUMN     "statisticsFamilies" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "BoardTie" (
    "id" TEXT NOT NULL,
    "phaseId" TEXT NOT NULL,
    "subtaskId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "aboveSubmissionId" TEXT,
    "measure" TEXT NOT NULL,
    "goldVersion" INTEGER NOT NULL,
    "tieGroup" INTEGER NOT NULL,
    "tiedWithAbove" BOOLEAN NOT NULL,
    "pValue" DOUBLE PRECISION,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BoardTie_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BoardTie_phaseId_subtaskId_submissionId_key" ON "BoardTie"("phaseId", "subtaskId", "submissionId");

-- AddForeignKey
ALTER TABLE "BoardTie" ADD CONSTRAINT "BoardTie_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoardTie" ADD CONSTRAINT "BoardTie_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
