import { AppError } from "../errors/app-error.ts";

/** The final error of a job past its time budget (the same words for whole files and shards). */
export function scoringTimeout(seconds: number): AppError {
  return new AppError("SCORING_TIMEOUT", `scoring took longer than ${seconds} s`);
}

/**
 * A job's time budget: `signal` aborts once it has run out (an engine thread listens to it), and
 * `check()` throws SCORING_TIMEOUT from then on (work on this thread calls it between steps).
 */
export interface ScoringBudget {
  readonly signal: AbortSignal;
  check(): void;
}

export function scoringBudget(seconds: number): ScoringBudget {
  const signal = AbortSignal.timeout(seconds * 1000);
  return {
    signal,
    check() {
      if (signal.aborted) throw scoringTimeout(seconds);
    },
  };
}
