-- AlterTable
ALTER TABLE "TaxonomyVersion" ADD COLUMN     "outline" BYTEA;
