// Runs docker-compose.yml as one stack under its own project name and free host ports: build,
// start, scale, run the CLI in the worker image, tear down (containers, networks, volumes).
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import getPort from "get-port";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** `docker compose` (v2) where present, else `docker-compose` (v1). */
export function composeCommand(): string[] {
  for (const candidate of [["docker", "compose"], ["docker-compose"]]) {
    if (spawnSync(candidate[0]!, [...candidate.slice(1), "version"], { encoding: "utf8" }).status === 0) return candidate;
  }
  throw new Error("expected `docker compose` or `docker-compose` on the PATH, found neither");
}

/**
 * The base images the Dockerfile and the compose file name: pulled where Docker Hub answers,
 * else built from Debian's mirror and the npm registry by infra/offline-base-images.sh.
 */
export function ensureBaseImages(log: (line: string) => void): void {
  const images = ["node:20-bookworm-slim", "postgres:16-alpine", "redis:7-alpine"];
  const missing = images.filter((image) => spawnSync("docker", ["image", "inspect", image]).status !== 0);
  if (missing.length === 0) return;
  if (missing.every((image) => spawnSync("docker", ["pull", image], { stdio: "ignore" }).status === 0)) return;
  log(`cannot pull ${missing.join(", ")}: building the offline stand-ins (infra/offline-base-images.sh)`);
  execFileSync("sh", ["infra/offline-base-images.sh"], { cwd: repoRoot, stdio: "inherit" });
}

export class ComposeStack {
  readonly project = `hbsmoke${randomBytes(4).toString("hex")}`;
  readonly env: Record<string, string>;
  private readonly compose = composeCommand();

  private constructor(
    readonly webPort: number,
    ports: { postgres: number; redis: number },
  ) {
    this.env = {
      COMPOSE_PROJECT_NAME: this.project,
      WEB_PORT: String(webPort),
      POSTGRES_PORT: String(ports.postgres),
      REDIS_PORT: String(ports.redis),
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
      NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
      NEXTAUTH_URL: `http://127.0.0.1:${webPort}`,
      // One job per worker, so that two submissions at once go to two workers.
      WORKER_CONCURRENCY: "1",
      // The smoke stack has no SMTP server to mail confirmation links through.
      HIERBOARD_VERIFY_ADDRESSES: "0",
    };
  }

  static async create(): Promise<ComposeStack> {
    return new ComposeStack(await getPort(), { postgres: await getPort(), redis: await getPort() });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  /** Runs a compose command in the repository root; returns its standard output. */
  run(args: string[], options: { input?: string; allowFailure?: boolean } = {}): string {
    const result = spawnSync(this.compose[0]!, [...this.compose.slice(1), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      input: options.input,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (result.status !== 0 && !options.allowFailure)
      throw new Error(`${this.compose.join(" ")} ${args.join(" ")} exited with ${result.status}:\n${result.stderr}\n${result.stdout}`);
    return result.stdout;
  }

  /** The `hierboard` CLI in a running worker container. */
  hierboard(args: string[]): string {
    return this.run(["exec", "-T", "worker", "hierboard", ...args]);
  }

  /** Removes containers, networks and volumes; never throws. */
  down(): void {
    this.run(["down", "--volumes", "--remove-orphans", "--timeout", "20"], { allowFailure: true });
  }
}
