/**
 * Runs once when the server starts: points the platform at this app's
 * database, queue and upload limit (from `env.ts`), instead of letting it fall
 * back to its own environment defaults.
 */
export async function register() {
  // NEXT_RUNTIME is a build-time constant Next.js inlines (not configuration): the
  // check lets the bundler drop the Node-only platform from any edge bundle.
  // biome-ignore lint/style/noProcessEnv: Next.js inlines NEXT_RUNTIME at build time; it must stay a literal process.env read
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ env }, { configurePlatform }] = await Promise.all([import("./env"), import("@hierboard/platform")]);
  configurePlatform({
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    queuePrefix: env.queuePrefix,
    maxUploadBytes: env.uploadLimitBytes,
    uploadAttempts: env.uploadAttempts,
    uploadWindowSeconds: env.uploadWindowSeconds,
    signUpsPerAddress: env.signUpsPerAddress,
  });
  // Started by `pnpm start`: stop with the launcher even if it was killed without a chance to stop us.
  const parentPid = env.parentPid;
  if (parentPid !== undefined) {
    const timer = setInterval(() => {
      try {
        process.kill(parentPid, 0);
      } catch {
        clearInterval(timer);
        process.kill(process.pid, "SIGTERM");
      }
    }, 1000);
    timer.unref();
  }
}
