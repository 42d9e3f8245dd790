-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('SUBMISSION_SCORED', 'SUBMISSION_FAILED', 'ORGANISER_SUBMISSION_FAILED');

-- CreateTable
CREATE TABLE "MutedNotification" (
    "userId" TEXT NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MutedNotification_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "SentNotification" (
    "id" TEXT NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "key" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SentNotification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SentNotification_kind_key_sentAt_idx" ON "SentNotification"("kind", "key", "sentAt");

-- AddForeignKey
ALTER TABLE "MutedNotification" ADD CONSTRAINT "MutedNotification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
