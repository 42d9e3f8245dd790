// What other apps (the hierboard CLI) share with the launcher: the embedded defaults.
export { startServices, type Services, type StartServicesOptions } from "./services.ts";
export { NO_REDIS_HELP, RedisNotFoundError } from "./local-redis.ts";
export { loadLauncherEnv, type LauncherEnv } from "./env.ts";
export { ensureAdmin, ADMIN_EMAIL, type AdminAccount } from "./ensure-admin.ts";
export { runningLauncher, type RunInfo } from "./run-file.ts";
export { startWorker } from "./web-app.ts";
export { stopProcessGroup } from "./process-group.ts";
export { embeddedPostgresBinDir } from "./embedded-postgres.ts";
