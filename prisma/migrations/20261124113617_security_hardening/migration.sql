-- CreateEnum
CREATE TYPE "TokenScope" AS ENUM ('SUBMIT', 'READ');

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "expiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "scope" "TokenScope" NOT NULL DEFAULT 'SUBMIT';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;
