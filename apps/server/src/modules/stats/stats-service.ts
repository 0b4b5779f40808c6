import type { Stats } from '@parlo/contract/match';

export interface StatsService {
  getStats(languageCode?: string): Promise<Stats>;
}

/**
 * users_online counts connected sockets (DESIGN §2 Matching), whatever the language: the queue of
 * one language is too small a number to show as "active learners". The wait is per language.
 */
export function createStatsService(deps: {
  onlineCount: () => Promise<number>;
  averageWaitMs: (languageCode?: string) => number;
}): StatsService {
  return {
    async getStats(languageCode) {
      return {
        users_online: await deps.onlineCount(),
        avg_wait_time_ms: deps.averageWaitMs(languageCode),
      };
    },
  };
}
