import { SCORING_QUEUE, type ScoringQueue } from "@hierboard/queue";

export interface QueueSnapshot {
  queue: string;
  /** Jobs by BullMQ state. */
  counts: Record<"waiting" | "active" | "delayed" | "prioritized" | "failed" | "completed" | "waiting-children", number>;
  /** Jobs not yet finished: waiting, prioritized, delayed and active. */
  depth: number;
  /** Scoring workers connected to the queue, with their client names and addresses. */
  workers: { name: string; addr: string; ageSeconds: number }[];
}

/** The scoring queue's job counts and connected workers, as Redis reports them. */
export async function readQueueSnapshot(queue: ScoringQueue): Promise<QueueSnapshot> {
  const raw = await queue.getJobCounts("waiting", "active", "delayed", "prioritized", "failed", "completed", "waiting-children");
  const counts = {
    waiting: raw.waiting ?? 0,
    active: raw.active ?? 0,
    delayed: raw.delayed ?? 0,
    prioritized: raw.prioritized ?? 0,
    failed: raw.failed ?? 0,
    completed: raw.completed ?? 0,
    "waiting-children": raw["waiting-children"] ?? 0,
  };
  const workers = (await queue.getWorkers()).map((w) => ({
    name: String(w.name ?? ""),
    addr: String(w.addr ?? ""),
    ageSeconds: Number(w.age ?? 0),
  }));
  return { queue: SCORING_QUEUE, counts, depth: counts.waiting + counts.prioritized + counts.delayed + counts.active, workers };
}
