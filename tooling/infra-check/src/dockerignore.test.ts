import dockerignore from "@balena/dockerignore";
import { describe, expect, it } from "vitest";
import { readRepoFile } from "./repo-files.ts";

// The legacy builder (and compose v1) reads only the root .dockerignore; every image's context is
// the repository root, and the Dockerfiles `COPY . .`. Matched with Docker's own rules.
const rules = dockerignore({ ignorecase: false }).add(readRepoFile(".dockerignore").split("\n"));

describe("the root .dockerignore", () => {
  it.each([
    ".env",
    ".env.local",
    ".env.production",
    ".git",
    ".git/config",
    "node_modules",
    "node_modules/next/package.json",
    "apps/web/node_modules/next/package.json",
    "packages/platform/node_modules/.bin/tsx",
    "apps/web/.next/standalone/apps/web/server.js",
    "apps/web/.next-bench/BUILD_ID",
    "packages/platform/dist/engine-thread.mjs",
    "apps/worker/dist/main.mjs",
    ".turbo/cache/x",
    "apps/web/coverage/index.html",
    "apps/web/test-results/a.png",
    "packages/db/src/generated/prisma/client.ts",
    "packages/db/tsconfig.tsbuildinfo",
    ".hierboard/data/pg/PG_VERSION",
    ".hierboard-test-1/x",
    "docs/performance.md",
    "infra/README.md",
    "README.md",
    "apps/web/e2e/smoke.spec.ts",
    "apps/web/e2e-docker/deployment.docker.spec.ts",
  ])("keeps %s out of the build context", (file) => {
    expect(rules.ignores(file)).toBe(true);
  });

  it.each([
    ".env.example",
    "package.json",
    "pnpm-lock.yaml",
    "pnpm-workspace.yaml",
    "prisma/schema.prisma",
    "prisma/migrations/migration_lock.toml",
    "apps/web/next.config.ts",
    "apps/worker/src/main.ts",
    "apps/cli/src/main.ts",
    "packages/platform/src/scoring/engine/engine-thread.mjs",
    "apps/cli/README.md",
  ])("sends %s, which the images build from", (file) => {
    expect(rules.ignores(file)).toBe(false);
  });
});
