-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NotificationKind" ADD VALUE 'TEAM_APPROVED';
ALTER TYPE "NotificationKind" ADD VALUE 'TEAM_REFUSED';
ALTER TYPE "NotificationKind" ADD VALUE 'TEAM_DISQUALIFIED';
ALTER TYPE "NotificationKind" ADD VALUE 'HOST_REQUEST_ANSWERED';
ALTER TYPE "NotificationKind" ADD VALUE 'PHASE_CLOSING';
ALTER TYPE "NotificationKind" ADD VALUE 'RESULTS_PUBLISHED';
ALTER TYPE "NotificationKind" ADD VALUE 'ORGANISER_JOIN_REQUEST';

-- AlterTable
ALTER TABLE "SentNotification" ADD COLUMN     "onceKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "SentNotification_onceKey_key" ON "SentNotification"("onceKey");
