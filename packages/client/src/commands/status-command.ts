import type { ClientConfig } from "../client-config.ts";
import { fetchStatus, statusLine } from "../submission-status.ts";
import { EXIT, type Terminal, UsageError } from "../terminal.ts";

/** `hierboard status ID`: the submission's state and primary score. */
export async function statusCommand(args: string[], config: ClientConfig, terminal: Terminal): Promise<number> {
  if (args.length !== 1) throw new UsageError("usage: hierboard status SUBMISSION_ID");
  const status = await fetchStatus(config, args[0] as string);
  terminal.out(statusLine(status));
  return status.status === "FAILED" ? EXIT.FAILED : EXIT.OK;
}
