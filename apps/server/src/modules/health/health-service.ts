import type { FastifyBaseLogger } from 'fastify';
import type { HealthRepo } from './health-repo.ts';

/** A stuck database must not make /health itself hang past load-balancer timeouts. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export type DependencyHealth = 'ok' | 'down';

export interface HealthService {
  checkDatabase(): Promise<DependencyHealth>;
  /** Undefined when this instance keeps its live state in memory rather than in Redis. */
  checkRedis(): Promise<DependencyHealth | undefined>;
}

export function createHealthService(deps: {
  healthRepo: Pick<HealthRepo, 'ping'>;
  /** The shared broker's Redis, when there is one. */
  redis?: { ping(): Promise<void> } | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
}): HealthService {
  const timeoutMs = deps.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;

  async function check(name: string, ping: () => Promise<void>): Promise<DependencyHealth> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([ping(), timeout]);
      return 'ok';
    } catch (error) {
      deps.log.warn({ err: error }, `health check: ${name} unavailable`);
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    checkDatabase: () => check('database', () => deps.healthRepo.ping()),
    checkRedis() {
      const { redis } = deps;
      return redis ? check('redis', () => redis.ping()) : Promise.resolve(undefined);
    },
  };
}
