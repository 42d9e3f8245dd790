import type { Phase, TaskFile, TaskFileKind } from "@hierboard/db";
import { z } from "zod";

/** The kinds of public file, in the order the Data & format tab lists them. */
export const TASK_FILE_KINDS = ["STARTING_KIT", "DATA", "BASELINE", "LICENCE", "OTHER"] as const satisfies readonly TaskFileKind[];

export const TASK_FILE_KIND_LABELS: Record<TaskFileKind, string> = {
  STARTING_KIT: "Starting kit",
  DATA: "Data",
  BASELINE: "Baseline",
  LICENCE: "Licence",
  OTHER: "Other",
};

/** Public files a task may hold; each is up to the upload limit, and they all sit in the database. */
export const MAX_TASK_FILES = 25;

export const taskFileKindSchema = z.enum(TASK_FILE_KINDS);

/** A public file as lists show it (no content). */
export interface TaskFileView {
  id: string;
  name: string;
  kind: TaskFileKind;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  phase: { key: string; name: string } | null;
  updatedAt: Date;
}

export const taskFileViewSelect = {
  id: true,
  name: true,
  kind: true,
  fileName: true,
  sizeBytes: true,
  contentHash: true,
  updatedAt: true,
  phase: { select: { key: true, name: true } },
} as const;

export function toTaskFileView(
  row: Pick<TaskFile, "id" | "name" | "kind" | "fileName" | "sizeBytes" | "contentHash" | "updatedAt"> & {
    phase: Pick<Phase, "key" | "name"> | null;
  },
): TaskFileView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sha256: row.contentHash,
    phase: row.phase ? { key: row.phase.key, name: row.phase.name } : null,
    updatedAt: row.updatedAt,
  };
}

/** Kind order, then name: starting kits first, licences and the rest last. */
export function sortTaskFiles<T extends Pick<TaskFileView, "kind" | "name" | "fileName">>(files: readonly T[]): T[] {
  return [...files].sort(
    (a, b) =>
      TASK_FILE_KINDS.indexOf(a.kind) - TASK_FILE_KINDS.indexOf(b.kind) ||
      a.name.localeCompare(b.name) ||
      a.fileName.localeCompare(b.fileName),
  );
}

/** What the audit log records of a file (hash and size, never the bytes), with the phase by key. */
export function taskFileAuditFields(
  row: Pick<TaskFile, "name" | "kind" | "fileName" | "contentHash" | "sizeBytes"> & { phase: string | null },
) {
  return {
    name: row.name,
    kind: row.kind,
    fileName: row.fileName,
    sha256: row.contentHash,
    sizeBytes: row.sizeBytes,
    phase: row.phase,
  };
}
