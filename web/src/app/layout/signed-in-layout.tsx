import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../features/auth/store';
import { useAppTitle } from '../../features/config/hooks/use-app-title';
import { lazyChunk, useLatch, usePrefetchWhenIdle } from '../../lib/lazy-chunk';
import { useToastStore } from '../../lib/toast-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { Footer } from './footer';
import { MOBILE_NAV_QUERY, useNavStore } from './nav-store';
import { CLOSE_SIDEBAR_ID, Sidebar } from './sidebar';
import { ExportContainer } from './export-container';
import { TagsContainer } from './tags-container';
import { MyFilesContainer } from './my-files-container';
import { SettingsContainer } from './settings-container';
import { ShareContainer } from './share-container';
import { OPEN_SIDEBAR_ID, ShellHeader } from './shell-header';
import { SkipLink } from './skip-link';

/** Its own chunk (Radix Toast): mounted with the first toast, prefetched once the page is idle. */
const Toaster = lazyChunk(() => import('../../components/ui/toaster').then((module) => module.Toaster));

/** The signed-in shell: collapsible sidebar beside a header, the routed screen and the footer. */
export function SignedInLayout() {
  const { key: locationKey } = useLocation();
  const user = useAuthStore((state) => state.user);
  const appTitle = useAppTitle();
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_NAV_QUERY);
  const { desktopOpen, mobileOpen, setDesktopOpen, setMobileOpen } = useNavStore();
  const open = isMobile ? mobileOpen : desktopOpen;
  const setOpen = isMobile ? setMobileOpen : setDesktopOpen;
  const toasting = useLatch(useToastStore((state) => state.toasts.length > 0));
  usePrefetchWhenIdle(Toaster);
  // The toggle that was pressed unmounts; hand focus to its counterpart so keyboard users keep their place.
  const focusAfterToggle = useRef<string | null>(null);
  const toggle = (next: boolean) => {
    focusAfterToggle.current = next ? CLOSE_SIDEBAR_ID : OPEN_SIDEBAR_ID;
    setOpen(next);
  };

  useEffect(() => {
    if (focusAfterToggle.current) document.getElementById(focusAfterToggle.current)?.focus();
    focusAfterToggle.current = null;
  }, [open]);

  // SPEC §2: on small screens the sidebar closes after navigating (even to the page already shown).
  useEffect(() => setMobileOpen(false), [locationKey, setMobileOpen]);

  return (
    <div className="flex h-dvh overflow-hidden">
      <SkipLink />
      {open && isMobile && (
        <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={() => toggle(false)} />
      )}
      {open && <Sidebar overlay={isMobile} user={user} onClose={() => toggle(false)} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <ShellHeader sidebarOpen={open} appTitle={appTitle} onOpenSidebar={() => toggle(true)} />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <SettingsContainer />
      <ExportContainer />
      <TagsContainer />
      <ShareContainer />
      <MyFilesContainer />
      {toasting && (
        <Suspense fallback={null}>
          <Toaster closeLabel={t('com_ui_close')} regionLabel={t('com_ui_notifications')} />
        </Suspense>
      )}
    </div>
  );
}
