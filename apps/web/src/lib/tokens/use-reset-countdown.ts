import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { resetCountdown } from '@parlo/contract/token-math';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';

const MINUTE_MS = 60_000;

/**
 * Hours and minutes until `resetsAt` (spec §4 "Daily tokens"), redrawn as each minute passes;
 * when the reset arrives the token queries load again to show the new allowance.
 */
export function useResetCountdown(resetsAt: Date) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => new Date());
  const resetTime = resetsAt.getTime();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const current = new Date();
      setNow(current);
      const left = resetTime - current.getTime();
      if (left <= 0) {
        void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
        return;
      }
      // The countdown rounds up, so it changes when the time left crosses a whole minute.
      timer = setTimeout(schedule, left % MINUTE_MS || MINUTE_MS);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [resetTime, queryClient]);

  return resetCountdown(now, new Date(resetTime));
}
