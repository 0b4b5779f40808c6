import { create } from 'zustand';

/** Where the dialog opens: the choice of spec §2, or straight into one way of earning. */
export type BonusTokensMode = 'choice' | 'ad' | 'referral';

type BonusTokensDialogState = {
  open: boolean;
  mode: BonusTokensMode;
  show: (mode?: BonusTokensMode) => void;
  close: () => void;
};

/** One bonus-token dialog for the whole app, rendered by the app layout (spec §2 "Modals"). */
export const useBonusTokensDialog = create<BonusTokensDialogState>()((set) => ({
  open: false,
  mode: 'choice',
  show: (mode = 'choice') => set({ open: true, mode }),
  close: () => set({ open: false }),
}));

/** Opens the bonus-token dialog from anywhere: a button, a no-tokens view, the account menu. */
export function openBonusTokens(mode: BonusTokensMode = 'choice') {
  useBonusTokensDialog.getState().show(mode);
}
