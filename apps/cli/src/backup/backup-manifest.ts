// manifest.json beside the dump: what the backup holds and what it needs to be restored.
import { z } from "zod";

export const BACKUP_FORMAT = "hierboard-backup";

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** The database engine the dump was taken from. */
  engine: z.object({ name: z.literal("PostgreSQL"), version: z.string(), major: z.number().int() }),
  pgDump: z.object({ version: z.string(), major: z.number().int() }),
  /** Applied migrations, in order, from `_prisma_migrations`. */
  migrations: z.array(z.string()),
  dump: z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  counts: z.record(z.string(), z.number().int()),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
