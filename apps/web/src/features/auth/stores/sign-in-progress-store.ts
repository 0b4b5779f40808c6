import { create } from 'zustand';

/** verifying: the code is being exchanged; finishing: the account is being loaded. */
export type SignInPhase = 'verifying' | 'finishing';

export const useSignInProgress = create<{ phase: SignInPhase }>()(() => ({
  phase: 'verifying',
}));
