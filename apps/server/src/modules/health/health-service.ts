import type { FastifyBaseLogger } from 'fastify';
import type { HealthRepo } from './health-repo.ts';

/** A stuck database must not make /health itself hang past load-balancer timeouts. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export type DatabaseHealth = 'ok' | 'down';

export interface HealthService {
  checkDatabase(): Promise<DatabaseHealth>;
}

export function createHealthService(deps: {
  healthRepo: Pick<HealthRepo, 'ping'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
}): HealthService {
  const timeoutMs = deps.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  return {
    async checkDatabase() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([deps.healthRepo.ping(), timeout]);
        return 'ok';
      } catch (error) {
        deps.log.warn({ err: error }, 'health check: database unavailable');
        return 'down';
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
