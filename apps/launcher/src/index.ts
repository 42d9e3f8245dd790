// What other apps (the hierboard CLI) share with the launcher: the embedded defaults.
export { startServices, type Services, type StartServicesOptions } from "./services.ts";
export { NO_REDIS_HELP, RedisNotFoundError } from "./local-redis.ts";
export { loadLauncherEnv, type LauncherEnv } from "./env.ts";
