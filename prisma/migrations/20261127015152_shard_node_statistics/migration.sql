-- AlterTable
ALTER TABLE "ScoringShard" ADD COLUMN     "nodeStatistics" BYTEA;
