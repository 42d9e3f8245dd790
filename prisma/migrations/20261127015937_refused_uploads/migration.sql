-- CreateEnum
CREATE TYPE "RefusedUploadKind" AS ENUM ('PREDICTION', 'GOLD', 'TAXONOMY');

-- CreateTable
CREATE TABLE "RefusedUpload" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "userId" TEXT,
    "kind" "RefusedUploadKind" NOT NULL,
    "subtaskKey" TEXT,
    "phaseKey" TEXT,
    "fileName" TEXT NOT NULL,
    "problem" TEXT NOT NULL,
    "problems" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefusedUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RefusedUpload_taskId_createdAt_idx" ON "RefusedUpload"("taskId", "createdAt");

-- AddForeignKey
ALTER TABLE "RefusedUpload" ADD CONSTRAINT "RefusedUpload_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefusedUpload" ADD CONSTRAINT "RefusedUpload_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
