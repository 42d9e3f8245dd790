export {
  databaseEnvFragment,
  logEnvFragment,
  mailEnvFragment,
  publicUrlEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  sharedEnvFragments,
  testHooksAllowed,
  uploadLimitBytes,
  uploadLimitEnvFragment,
  uploadRateEnvFragment,
} from "./fragments.ts";
