import { isNode, LineCounter, parseDocument } from "yaml";
import { AppError } from "../errors/app-error.ts";
import { bundleManifest, type BundleManifest } from "./bundle-manifest.ts";
import { MANIFEST_NAME, type BundleIssue } from "./task-bundle.ts";

/** The largest `task.yaml` read: a task with the most subtasks and phases fits in a few dozen KiB. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
const MAX_ALIAS_COUNT = 100;

/** `["phases", 0, "endsAt"]` → `phases[0].endsAt`. */
export function yamlPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`)).join("");
}

/** The throwable form of a bundle's problems: INVALID_INPUT with `details.issues`, one line each in the message. */
export function bundleError(issues: readonly BundleIssue[]): AppError {
  const lines = issues.map((i) => `${MANIFEST_NAME}${i.line ? `:${i.line}` : ""}: ${i.path ? `${i.path}: ` : ""}${i.message}`);
  return new AppError(
    "INVALID_INPUT",
    `The task bundle has ${issues.length} problem${issues.length === 1 ? "" : "s"}:\n${lines.join("\n")}`,
    { issues },
  );
}

/**
 * Parses and validates `task.yaml`. Every problem is reported at once (YAML syntax errors, or
 * every schema error), each with its YAML path and line; throws `bundleError(issues)`. `lineOf`
 * locates a path for later checks.
 */
export function parseBundleManifest(text: string): { manifest: BundleManifest; lineOf: (path: readonly PropertyKey[]) => number | null } {
  const size = Buffer.byteLength(text);
  if (size > MAX_MANIFEST_BYTES)
    throw bundleError([{ path: "", line: null, message: `expected a manifest of at most ${MAX_MANIFEST_BYTES} bytes, found ${size}` }]);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw bundleError(
      doc.errors.map((e) => ({
        path: "",
        line: lineCounter.linePos(e.pos[0]).line,
        message: `expected valid YAML: ${e.message.split("\n")[0]}`,
      })),
    );
  }
  const lineOf = (path: readonly PropertyKey[]): number | null => {
    // The deepest node that exists along the path (a missing key is reported at its parent).
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n) as (string | number)[], true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return null;
  };
  let plain: unknown;
  try {
    // yaml refuses a document whose aliases expand past maxAliasCount (a "billion laughs").
    plain = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    throw bundleError([{ path: "", line: null, message: `expected a plain YAML document, found ${(error as Error).message}` }]);
  }
  const parsed = bundleManifest.safeParse(plain);
  if (parsed.success) return { manifest: parsed.data, lineOf };
  throw bundleError(parsed.error.issues.map((issue) => ({ path: yamlPath(issue.path), line: lineOf(issue.path), message: issue.message })));
}
