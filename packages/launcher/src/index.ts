// What apps (the hierboard CLI, the web e2e seed) share with the launcher: the embedded defaults
// and the demo seed. The launcher is a package so that apps import packages only.
export { startServices, type Services, type StartServicesOptions } from "./services.ts";
export { NO_REDIS_HELP, RedisNotFoundError } from "./local-redis.ts";
export { loadLauncherEnv, type LauncherEnv } from "./env.ts";
export { ensureAdmin, ADMIN_EMAIL, type AdminAccount } from "./ensure-admin.ts";
export { runningLauncher, type RunInfo } from "./run-file.ts";
export { startWorker } from "./web-app.ts";
export { stopProcessGroup } from "./process-group.ts";
export { embeddedPostgresBinDir } from "./embedded-postgres.ts";
export { seedDemo } from "./seed-demo.ts";
export { CAFA_DEMO_SLUG, seedCafaDemo } from "./seed-cafa-demo.ts";
export { startMailCatcher, mailDirOf, type MailCatcher } from "./mail-catcher.ts";
