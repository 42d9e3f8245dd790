// What apps (the hierboard CLI, the web e2e seed) share with the launcher: the embedded defaults
// and the demo seed. The launcher is a package so that apps import packages only.
export { startServices, type Services } from "./services.ts";
export { RedisNotFoundError } from "./local-redis.ts";
export { loadLauncherEnv } from "./env.ts";
export { ensureAdmin } from "./ensure-admin.ts";
export { runningLauncher } from "./run-file.ts";
export { startWorker } from "./web-app.ts";
export { stopProcessGroup } from "./process-group.ts";
export { embeddedPostgresBinDir } from "./embedded-postgres.ts";
export { seedDemo } from "./seed-demo.ts";
export { startMailCatcher, type MailCatcher } from "./mail-catcher.ts";
