// Where a platform command stores things: DATABASE_URL / REDIS_URL if set; otherwise the services
// of a running `pnpm start`; otherwise the launcher's embedded defaults, started for the command.
import { loadLauncherEnv, runningLauncher, startServices, type Services } from "@hierboard/launcher";

export interface Connection {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** Set when the command started the services itself (stop them when done). */
  services?: Services;
}

export async function connectToPlatform(log: (line: string) => void): Promise<Connection> {
  const env = loadLauncherEnv();
  const running = env.databaseUrl && env.redisUrl ? undefined : await runningLauncher(env.dataDir);
  if (running?.databaseUrl && running.redisUrl) {
    log(`using the services of the running pnpm start (${running.url ?? `pid ${running.launcher}`})`);
    return {
      databaseUrl: env.databaseUrl ?? running.databaseUrl,
      redisUrl: env.redisUrl ?? running.redisUrl,
      queuePrefix: running.queuePrefix ?? env.queuePrefix,
    };
  }
  // Starts only what the environment does not name, and applies pending migrations either way.
  const services = await startServices({ databaseUrl: env.databaseUrl, redisUrl: env.redisUrl, dataDir: env.dataDir, log });
  return { databaseUrl: services.databaseUrl, redisUrl: services.redisUrl, queuePrefix: env.queuePrefix, services };
}
