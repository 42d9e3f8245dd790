import type { DbTx, Prisma } from "@hierboard/db";

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details?: Prisma.InputJsonValue;
}

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeAudit(tx: DbTx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details ?? {},
    },
  });
}
