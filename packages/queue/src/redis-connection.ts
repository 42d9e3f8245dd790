import { Redis, type RedisOptions } from "ioredis";

export type RedisRole = "producer" | "worker";

/**
 * A Redis connection for BullMQ. Workers need `maxRetriesPerRequest: null` (blocking commands
 * must wait through reconnects); producers fail fast instead, so an upload does not hang when
 * Redis is down.
 */
export function createRedisConnection(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === "worker" ? null : 3,
    enableOfflineQueue: role === "worker",
    ...extra,
  });
}
