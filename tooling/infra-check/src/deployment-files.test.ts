import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dockerfileStages, targetStage } from "./dockerfile-stages.ts";
import { readRepoFile, repoFileExists, repoPath, repoRoot } from "./repo-files.ts";

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  healthcheck?: { test?: string[] | string; interval?: string };
  depends_on?: Record<string, { condition?: string }>;
  restart?: string;
  ports?: string[];
  container_name?: string;
  environment?: Record<string, string>;
}

const composeText = readRepoFile("docker-compose.yml");
const compose = parse(composeText) as { services: Record<string, ComposeService> };
const services = compose.services;
const built = Object.entries(services).filter(([, service]) => service.build !== undefined);

describe("docker-compose.yml", () => {
  it("defines postgres, redis, a one-off migrate step, web and worker", () => {
    expect(Object.keys(services).sort()).toEqual(["migrate", "postgres", "redis", "web", "worker"]);
    expect(services.migrate!.restart).toBe("no");
  });

  it("gives every long-running service a health check", () => {
    for (const name of ["postgres", "redis", "web", "worker"]) {
      const check = services[name]!.healthcheck;
      expect(check?.test, name).toBeDefined();
      expect(check?.interval, name).toMatch(/^\d+s$/);
    }
  });

  it("starts migrate on a healthy postgres, and web and worker only after migrate succeeded", () => {
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    for (const name of ["web", "worker"]) {
      expect(services[name]!.depends_on, name).toEqual({
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
        migrate: { condition: "service_completed_successfully" },
      });
    }
  });

  it("lets `--scale worker=N` run N copies: no fixed name, no published port", () => {
    expect(services.worker!.container_name).toBeUndefined();
    expect(services.worker!.ports).toBeUndefined();
  });

  it("points web, worker and migrate at the same database, and web and worker at the same Redis and queue prefix", () => {
    const url = services.migrate!.environment!.DATABASE_URL;
    expect(url).toMatch(/^postgresql:\/\/.+@postgres:5432\//);
    for (const name of ["web", "worker"]) {
      expect(services[name]!.environment!.DATABASE_URL).toBe(url);
      expect(services[name]!.environment!.REDIS_URL).toBe("redis://redis:6379");
      expect(services[name]!.environment!.HIERBOARD_QUEUE_PREFIX).toBe(services.web!.environment!.HIERBOARD_QUEUE_PREFIX);
    }
  });

  it("documents every variable it reads in .env.example, which holds no secret", () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
    const example = readRepoFile(".env.example");
    const documented = new Map([...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    expect(documented.get("NEXTAUTH_SECRET")).toBe("");
    expect(readRepoFile(".gitignore").split("\n")).toContain(".env");
  });
});

describe.each(built)("the %s image", (name, service) => {
  const dockerfile = service.build!.dockerfile!;
  const stages = repoFileExists(dockerfile) ? dockerfileStages(readRepoFile(dockerfile)) : [];
  const stage = targetStage(stages, service.build!.target);

  it("is built from the repository root with a Dockerfile that exists", () => {
    expect(path.resolve(repoRoot, service.build!.context ?? ".")).toBe(repoRoot);
    expect(repoFileExists(dockerfile), dockerfile).toBe(true);
  });

  it("is multi-stage, and its target stage copies from a build stage", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stage, `target ${service.build!.target ?? "(last stage)"}`).toBeDefined();
    const chain = [stage!];
    for (let s = stage; s; s = stages.find((other) => other.name === s!.from)) if (s !== stage) chain.push(s);
    expect(
      chain.some((s) => s.instructions.some((i) => i.keyword === "COPY" && i.args.includes("--from="))),
      name,
    ).toBe(true);
  });

  it("runs as a non-root user", () => {
    expect(stage!.user).toBeDefined();
    expect(["root", "0"]).not.toContain(stage!.user);
  });

  it("starts built JavaScript, no TypeScript loader, in its command and its health check", () => {
    const cmd = stage!.instructions.filter((i) => i.keyword === "CMD").at(-1);
    expect(cmd).toBeDefined();
    const check = service.healthcheck?.test;
    const argv = [...(JSON.parse(cmd!.args) as string[]), ...(Array.isArray(check) ? check : [])];
    expect(argv.filter((a) => a.endsWith(".ts") || a === "tsx" || a === "--import")).toEqual([]);
    expect(argv[0]).toBe("node");
  });
});

describe("what the Dockerfiles rely on", () => {
  it("the web app builds a standalone server (next.config output: standalone)", () => {
    expect(readRepoFile("apps/web/next.config.ts")).toMatch(/output:\s*["']standalone["']/);
  });

  it("the worker image runs the bundles its packages build, from the same sources as their pnpm scripts", () => {
    const stages = dockerfileStages(readRepoFile("infra/hierboard.Dockerfile"));
    const builds = (pkg: string) => (JSON.parse(readRepoFile(pkg, "package.json")) as { scripts: Record<string, string> }).scripts.build;
    expect(builds("packages/db")).toBe("hierboard-bundle dist src/cli/migrate.ts");
    expect(readRepoFile("packages/db/package.json")).toContain('"migrate": "tsx src/cli/migrate.ts"');
    expect(builds("apps/worker")).toBe("hierboard-bundle dist src/main.ts src/health.ts");
    const migrate = targetStage(stages, "migrate")!;
    expect(migrate.workdir).toBe("/app/packages/db");
    expect(migrate.instructions.at(-1)!.args).toContain("dist/migrate.mjs");
    const worker = targetStage(stages, "worker")!;
    expect(worker.workdir).toBe("/app/apps/worker");
    expect(worker.instructions.at(-1)!.args).toContain("dist/main.mjs");
  });
});

// The compose client parses and validates files locally; no engine is needed for `config`.
const composeCli = findComposeCli();

describe.runIf(composeCli !== undefined)(`${composeCli?.join(" ") ?? "docker compose"} config`, () => {
  it("accepts docker-compose.yml with .env.example as its environment", () => {
    const [command, ...args] = composeCli!;
    const out = execFileSync(command!, [...args, "--env-file", repoPath(".env.example"), "config", "--services"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    expect(out.trim().split("\n").sort()).toEqual(["migrate", "postgres", "redis", "web", "worker"]);
  });
});

function findComposeCli(): string[] | undefined {
  for (const candidate of [["docker", "compose"], ["docker-compose"]]) {
    const [command, ...args] = candidate;
    const probe = spawnSync(command!, [...args, "version"], { encoding: "utf8" });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}
