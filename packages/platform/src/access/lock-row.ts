import type { DbTx } from "@hierboard/db";

/**
 * Takes a row lock that serialises concurrent writers of the same parent (a task's version
 * numbers, a team's submission count) until the transaction ends.
 */
export async function lockRow(tx: DbTx, table: "Task" | "Team" | "Phase", id: string): Promise<void> {
  // The table name comes from the closed union above, never from user input.
  await tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE id = $1 FOR UPDATE`, id);
}
