-- AlterTable
ALTER TABLE "Subtask" ADD COLUMN     "maxLabelsPerDocument" INTEGER NOT NULL DEFAULT 1000;
