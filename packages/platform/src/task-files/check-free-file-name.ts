import type { DbTx } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

/**
 * CONFLICT when another file of the task has this download name in any letter case (two downloads
 * named `README.md` and `readme.md` overwrite each other on most participants' disks). Compared
 * here, not with SQL ILIKE, where `_` and `%` in a name would be wildcards. Call it under the task's
 * row lock.
 */
export async function checkFreeFileName(tx: DbTx, taskId: string, fileName: string, exceptId?: string): Promise<void> {
  const others = await tx.taskFile.findMany({
    where: { taskId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { fileName: true, name: true },
  });
  const clash = others.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
  if (clash)
    throw new AppError(
      "CONFLICT",
      `This task already has a file named ${clash.fileName} (“${clash.name}”): replace that file, or choose another name.`,
    );
}
