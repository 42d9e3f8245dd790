export {
  databaseEnvFragment,
  logEnvFragment,
  mailEnvFragment,
  verifyAddressesEnvFragment,
  publicUrlEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  testHooksAllowed,
  uploadLimitBytes,
  uploadLimitEnvFragment,
  uploadRateEnvFragment,
} from "./fragments.ts";
