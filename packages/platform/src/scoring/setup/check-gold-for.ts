import { runInEngineThread } from "../engine/engine-pool.ts";

export interface GoldTarget {
  taxonomy: { contentHash: string; content: Uint8Array; fileName: string };
  maxDepth: number | null;
  section: string | null;
}

/**
 * Parses gold labels the way a subtask with these settings reads them, in an engine thread (never
 * on the request thread: a gold file may be tens of megabytes); INVALID_FILE with file:line
 * otherwise, and when most documents have no label (a misread file); `unlabelled` counts those
 * without one. The thread keeps the parsed gold, so the first uploads validated against it are fast.
 */
export function checkGoldFor(
  target: GoldTarget,
  gold: { content: Uint8Array; fileName: string },
): Promise<{ documents: number; unlabelled: number; contentHash: string }> {
  const { taxonomy, maxDepth, section } = target;
  return runInEngineThread(
    {
      kind: "check-gold",
      taxonomy: { hash: taxonomy.contentHash, fileName: taxonomy.fileName, maxDepth, content: taxonomy.content },
      section: section === "a" || section === "b" ? section : undefined,
      fileName: gold.fileName,
      content: gold.content,
    },
    async (task) => task, // the task carries both files already
  );
}
