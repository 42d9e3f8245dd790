export { redisServerAvailable, startPrivateRedis, type PrivateRedis } from "./private-redis.ts";
