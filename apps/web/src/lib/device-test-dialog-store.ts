import { create } from 'zustand';

type DeviceTestDialogState = {
  open: boolean;
  show: () => void;
  close: () => void;
};

/** The camera and microphone test (spec §2 "Media preview modal"), rendered by the app layout. */
export const useDeviceTestDialog = create<DeviceTestDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));

export function openDeviceTest() {
  useDeviceTestDialog.getState().show();
}
