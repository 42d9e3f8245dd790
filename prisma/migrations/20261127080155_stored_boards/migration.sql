-- CreateTable
CREATE TABLE "StoredBoard" (
    "id" TEXT NOT NULL,
    "phaseId" TEXT NOT NULL,
    "subtaskId" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "board" TEXT NOT NULL,
    "builtAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoredBoard_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StoredBoard_phaseId_subtaskId_part_key" ON "StoredBoard"("phaseId", "subtaskId", "part");

-- AddForeignKey
ALTER TABLE "StoredBoard" ADD CONSTRAINT "StoredBoard_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoredBoard" ADD CONSTRAINT "StoredBoard_subtaskId_fkey" FOREIGN KEY ("subtaskId") REFERENCES "Subtask"("id") ON DELETE CASCADE ON UPDATE CASCADE;
