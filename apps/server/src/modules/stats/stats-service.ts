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
  averageWaitMs: (languageCode?: string) => Promise<number>;
}): StatsService {
  return {
    async getStats(languageCode) {
      const [usersOnline, averageWaitMs] = await Promise.all([
        deps.onlineCount(),
        deps.averageWaitMs(languageCode),
      ]);
      return { users_online: usersOnline, avg_wait_time_ms: averageWaitMs };
    },
  };
}
