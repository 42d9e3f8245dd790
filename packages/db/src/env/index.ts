export {
  databaseEnvFragment,
  logEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  sharedEnvFragments,
  testHooksAllowed,
  uploadRateEnvFragment,
} from "./fragments.ts";
