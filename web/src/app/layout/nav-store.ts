import { create } from 'zustand';
import { readStored, writeStored } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * SPEC §2 Layout: the sidebar is open by default and the choice is remembered (localStorage `navVisible`).
 * On small screens it is an overlay that starts closed, closes after navigating, and is not remembered.
 */
interface NavState {
  desktopOpen: boolean;
  mobileOpen: boolean;
  setDesktopOpen: (open: boolean) => void;
  setMobileOpen: (open: boolean) => void;
}

export const useNavStore = create<NavState>()((set) => ({
  desktopOpen: readStored(STORAGE_KEYS.navVisible) !== 'false',
  mobileOpen: false,
  setDesktopOpen: (open) => {
    writeStored(STORAGE_KEYS.navVisible, JSON.stringify(open));
    set({ desktopOpen: open });
  },
  setMobileOpen: (open) => set({ mobileOpen: open }),
}));

/** SPEC §2: at 768px and below the sidebar is 320px wide and overlays the page. */
export const MOBILE_NAV_QUERY = '(max-width: 768px)';
