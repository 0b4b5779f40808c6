import type { ReportReason } from '@parlo/contract/constants';
import { create } from 'zustand';

/**
 * Who is reported, and from which session (spec §3 Report). A report opened from the frame
 * guard comes with its reason chosen and the flag whose score it carries.
 */
export type ReportTarget = {
  reportedUserId: string;
  sessionId: string;
  reason?: ReportReason;
  frameFlagId?: string;
};

type ReportDialogState = {
  target: ReportTarget | null;
  open: (target: ReportTarget) => void;
  close: () => void;
};

/** The one report dialog of the app; a page asks for it, the app layout renders it. */
export const useReportDialog = create<ReportDialogState>()((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));

/** Opens the report dialog for a user met in a session. */
export function openReportDialog(target: ReportTarget) {
  useReportDialog.getState().open(target);
}
