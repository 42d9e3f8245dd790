// The shared environment fragments (defined once in @hierboard/db/env), for the apps that reach
// the database layer only through the platform (the worker: see tooling/infra-check app-boundaries).
export {
  databaseEnvFragment,
  logEnvFragment,
  mailEnvFragment,
  publicUrlEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  testHooksAllowed,
} from "@hierboard/db/env";
