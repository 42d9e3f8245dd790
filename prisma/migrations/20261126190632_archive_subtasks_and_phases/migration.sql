-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Subtask" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3);
