import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The lists' hide-action mode (spec part 1, section 6: "a hide-action mode leaves only
 * view"). Turned on from the user menu, for reading a list on a shared tablet or showing it
 * to someone without a stray tap editing or deleting a row; kept on this device.
 */
export const onlyViewStore = create<{ onlyView: boolean; setOnlyView: (onlyView: boolean) => void }>()(
  persist((set) => ({ onlyView: false, setOnlyView: (onlyView) => set({ onlyView }) }), {
    name: 'ashray.rowActions.onlyView',
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ onlyView: s.onlyView }),
  }),
);

export const useOnlyView = () => onlyViewStore((s) => s.onlyView);
