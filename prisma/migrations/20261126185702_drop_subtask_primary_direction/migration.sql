-- AlterTable
ALTER TABLE "Subtask" DROP COLUMN "primaryDirection";

-- DropEnum
DROP TYPE "MeasureDirection";
