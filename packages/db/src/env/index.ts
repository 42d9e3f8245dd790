export {
  databaseEnvFragment,
  logEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  sharedEnvFragments,
  testHooksAllowed,
  uploadLimitBytes,
  uploadLimitEnvFragment,
  uploadRateEnvFragment,
} from "./fragments.ts";
