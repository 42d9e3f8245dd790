-- AlterTable
ALTER TABLE "Subtask" ALTER COLUMN "missingDocuments" SET DEFAULT 'error';
