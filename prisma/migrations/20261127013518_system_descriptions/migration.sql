-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "descriptionsCloseAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "paperUrl" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "systemDescription" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "systemName" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "paperUrl" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "systemDescription" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "systemName" TEXT NOT NULL DEFAULT '';
