/** Where a command writes: stdout for results, stderr for errors and progress. */
export interface Terminal {
  out(line: string): void;
  err(line: string): void;
}

export const processTerminal: Terminal = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Exit codes: 0 done, 1 refused or failed (by the server or in scoring), 2 bad command line or config. */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2 } as const;

export class UsageError extends Error {}

/** A score as the board prints it. */
export function formatScore(value: number | null | undefined): string {
  return typeof value === "number" ? value.toFixed(4) : "—";
}
