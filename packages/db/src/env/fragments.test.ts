import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../migrations/index.ts";
import { sharedEnvFragments, testHooksAllowed, uploadLimitBytes, uploadLimitEnvFragment } from "./fragments.ts";

/** Every schema that reads the environment; a new env.ts belongs here. */
const envFiles = [
  "apps/web/src/env.ts",
  "apps/worker/src/env.ts",
  "packages/db/src/env.ts",
  "packages/launcher/src/env.ts",
  "packages/platform/src/context/env.ts",
  "packages/db/src/env/fragments.ts",
];

/**
 * Names written as `  NAME: <rule>` with a `.default(` in that rule, i.e. given a default in this
 * file rather than spread from a fragment.
 */
function namesWithDefault(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), "utf8");
  const matches = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):\s/gm)];
  return matches
    .filter((match, i) => text.slice(match.index, matches[i + 1]?.index ?? text.length).includes(".default("))
    .map((match) => match[1] as string);
}

describe("shared env fragments", () => {
  it("define each variable in one fragment only", () => {
    const owners = new Map<string, string[]>();
    for (const [fragment, shape] of Object.entries(sharedEnvFragments)) {
      for (const name of Object.keys(shape)) owners.set(name, [...(owners.get(name) ?? []), fragment]);
    }
    const twice = [...owners].filter(([, fragments]) => fragments.length > 1);
    expect(twice).toEqual([]);
    expect(owners.has("DATABASE_URL")).toBe(true);
  });

  it("leave no variable with a default defined in two env schemas (shared ones come from a fragment)", () => {
    const owners = new Map<string, string[]>();
    for (const file of envFiles) {
      for (const name of namesWithDefault(file)) owners.set(name, [...(owners.get(name) ?? []), file]);
    }
    const twice = [...owners].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    expect(owners.get("HIERBOARD_QUEUE_PREFIX")).toEqual(["packages/db/src/env/fragments.ts"]);
    expect(owners.get("WORKER_SHARD_BYTES")).toEqual(["apps/worker/src/env.ts"]);
    // One upload size limit for the web route, the upload reader, the platform and the launcher.
    expect(owners.get("UPLOAD_LIMIT_MB")).toEqual(["packages/db/src/env/fragments.ts"]);
  });

  it("read the upload limit in megabytes (default 50) and give it in bytes", () => {
    expect(uploadLimitBytes(uploadLimitEnvFragment.UPLOAD_LIMIT_MB.parse(undefined))).toBe(50 * 1024 * 1024);
    expect(uploadLimitBytes(uploadLimitEnvFragment.UPLOAD_LIMIT_MB.parse("1.5"))).toBe(1_572_864);
  });

  it("honour test hooks outside production, or in production only with HIERBOARD_TEST_HOOKS=1", () => {
    expect(testHooksAllowed({ NODE_ENV: "test" })).toBe(true);
    expect(testHooksAllowed({})).toBe(true);
    expect(testHooksAllowed({ NODE_ENV: "production" })).toBe(false);
    expect(testHooksAllowed({ NODE_ENV: "production", HIERBOARD_TEST_HOOKS: "1" })).toBe(true);
  });
});
