import { create } from 'zustand';

type RateLimitNoticeState = {
  open: boolean;
  show: () => void;
  dismiss: () => void;
};

/** Any 429 from the API opens one full-screen notice (spec §8); the app shell renders it. */
export const useRateLimitNotice = create<RateLimitNoticeState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  dismiss: () => set({ open: false }),
}));
