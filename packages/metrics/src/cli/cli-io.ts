import { isAbsolute, resolve } from "node:path";

/** Where a command writes; tests pass buffers instead of the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Resolves a user-given path against the directory the user ran the command from. */
  path(file: string): string;
}

export function processIo(): CliIo {
  // pnpm runs scripts from the workspace root; INIT_CWD is where the user was.
  // biome-ignore lint/style/noProcessEnv: INIT_CWD is where pnpm was invoked (a path, not configuration); to move into an env module with the env consolidation
  const base = process.env.INIT_CWD ?? process.cwd();
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    path: (file) => (isAbsolute(file) ? file : resolve(base, file)),
  };
}
