-- AlterTable
ALTER TABLE "Subtask" ADD COLUMN     "showAverageRank" BOOLEAN NOT NULL DEFAULT false;
