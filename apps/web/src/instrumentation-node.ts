// The Node.js half of instrumentation.ts, in its own module as Next.js documents, so that the edge
// bundle never sees its Node-only APIs (Turbopack warns about process.kill otherwise).
import { configurePlatform } from "@hierboard/platform";
import { env } from "./env";
import { stampPeerAddress } from "./server/peer-address";

/**
 * Points the platform at this app's database, queue and upload limit (from `env.ts`), instead of
 * letting it fall back to its own environment defaults.
 */
export function registerNode(): void {
  configurePlatform({
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    queuePrefix: env.queuePrefix,
    maxUploadBytes: env.uploadLimitBytes,
    uploadAttempts: env.uploadAttempts,
    uploadWindowSeconds: env.uploadWindowSeconds,
    signUpsPerAddress: env.signUpsPerAddress,
    verifyAddresses: env.verifyAddresses,
  });
  stampPeerAddress(env.trustedProxies);
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
