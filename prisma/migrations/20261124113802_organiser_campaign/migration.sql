-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('DRAFT', 'PUBLISHED', 'ARCHIVED');

-- CreateEnum
CREATE TYPE "HostRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "FinalRunsBoard" AS ENUM ('RUNS', 'TEAM_BEST');

-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "blind" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "finalRuns" INTEGER,
ADD COLUMN     "finalRunsBoard" "FinalRunsBoard" NOT NULL DEFAULT 'RUNS',
ADD COLUMN     "resultsPublishedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "invalidatedAt" TIMESTAMPTZ(3),
ADD COLUMN     "selectedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "previewToken" TEXT,
ADD COLUMN     "publishedAt" TIMESTAMPTZ(3),
ADD COLUMN     "requiresApproval" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status" "TaskStatus" NOT NULL DEFAULT 'DRAFT',
ADD COLUMN     "terms" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "approvedAt" TIMESTAMPTZ(3),
ADD COLUMN     "bannedAt" TIMESTAMPTZ(3),
ADD COLUMN     "disqualifiedAt" TIMESTAMPTZ(3),
ADD COLUMN     "termsAcceptedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "disabledAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "HostRequest" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "status" "HostRequestStatus" NOT NULL DEFAULT 'PENDING',
    "decidedById" TEXT,
    "decidedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HostRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "HostRequest_status_createdAt_idx" ON "HostRequest"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Task_previewToken_key" ON "Task"("previewToken");

-- AddForeignKey
ALTER TABLE "HostRequest" ADD CONSTRAINT "HostRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tasks created before the lifecycle existed were public: keep them published.
UPDATE "Task" SET "status" = 'PUBLISHED', "publishedAt" = "createdAt";
