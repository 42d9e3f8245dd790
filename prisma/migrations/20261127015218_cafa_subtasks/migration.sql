-- AlterTable
ALTER TABLE "Subtask" ADD COLUMN     "cafa" JSONB;

-- AlterTable
ALTER TABLE "TaxonomyVersion" ADD COLUMN     "iaContent" BYTEA,
ADD COLUMN     "iaFileName" TEXT,
ADD COLUMN     "iaHash" TEXT,
ADD COLUMN     "iaTerms" INTEGER,
ADD COLUMN     "namespaces" TEXT[] DEFAULT ARRAY[]::TEXT[];
