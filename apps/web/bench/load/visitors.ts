// Simulated visitors: each one, in its own loop, opens a page (board, rankings, a report or the
// leaderboard API), reads it whole, thinks for a while, and goes on, until the run ends.
import { seededRandom } from "@hierboard/metrics";

export interface PageKind {
  kind: string;
  /** Relative weight in a visitor's choices. */
  weight: number;
  /** The URL of this visit (it may differ between visits, e.g. one report of many). */
  url(random: () => number): string;
}

export interface Visit {
  kind: string;
  status: number;
  ms: number;
  bytes: number;
}

/**
 * Runs `visitors` loops until `until` (epoch ms). Think time between a visitor's requests is uniform
 * in [0.5, 1.5] × thinkMs, and the visitors start spread over the first think time, so the offered
 * load is about visitors / thinkMs requests per ms once all have started (less when pages are slow).
 */
export async function runVisitors(opts: {
  visitors: number;
  thinkMs: number;
  until: number;
  pages: readonly PageKind[];
}): Promise<Visit[]> {
  const visits: Visit[] = [];
  const total = opts.pages.reduce((sum, p) => sum + p.weight, 0);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const visitor = async (v: number) => {
    const random = seededRandom(1000 + v);
    await sleep(random() * opts.thinkMs);
    while (Date.now() < opts.until) {
      let pick = random() * total;
      const page = opts.pages.find((p) => (pick -= p.weight) < 0) ?? opts.pages[0]!;
      const started = performance.now();
      let status = 0;
      let bytes = 0;
      try {
        const response = await fetch(page.url(random));
        status = response.status;
        bytes = (await response.arrayBuffer()).byteLength;
      } catch {
        status = -1; // connection error
      }
      visits.push({ kind: page.kind, status, ms: performance.now() - started, bytes });
      await sleep(Math.min(opts.thinkMs * (0.5 + random()), opts.until - Date.now()));
    }
  };
  await Promise.all(Array.from({ length: opts.visitors }, (_, v) => visitor(v)));
  return visits;
}
