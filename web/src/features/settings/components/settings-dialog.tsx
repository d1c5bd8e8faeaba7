import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { useMediaQuery } from '../../../lib/use-media-query';
import { AccountTab, type AccountActions } from './account-tab';
import { DataTab } from './data-tab';
import { BetaTab, GeneralTab } from './general-tab';

export interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Data tab actions, supplied by the app (they belong to the conversations and keys features). */
  onClearChats: () => Promise<void>;
  onRevokeKeys: () => Promise<void>;
  /** Account tab: the signed-in user and what it can do with the account (the auth and files features). */
  account: AccountActions;
  /** More Data tab rows from other features (import and download of conversations). */
  dataExtras?: ReactNode;
}

const tabClass =
  'flex h-9 shrink-0 items-center rounded-lg px-3 text-sm text-neutral-600 outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-neutral-900 data-[state=active]:bg-neutral-100 data-[state=active]:font-medium data-[state=active]:text-neutral-900 sm:w-full dark:text-neutral-300 dark:hover:bg-neutral-700 dark:focus-visible:ring-neutral-100 dark:data-[state=active]:bg-neutral-700 dark:data-[state=active]:text-white';

type Tab = 'general' | 'beta' | 'data' | 'account';

/**
 * Whether a horizontally scrolling row has more to show before its start and after its end (in the page's
 * direction: a right-to-left row starts on the right), kept up to date as it scrolls or resizes.
 */
function useScrollEdges() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    if (!element) return;
    // Chromium and Firefox give a right-to-left row negative scroll positions: the distance from the start.
    const scrolled = Math.abs(element.scrollLeft);
    const hidden = element.scrollWidth - element.clientWidth;
    // The row's own padding (2px) is not "more": a tab scrolled into view 'nearest' leaves it out.
    const start = scrolled > 4;
    const end = hidden - scrolled > 4;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, [element]);
  useEffect(() => {
    if (!element) return;
    // A ResizeObserver reports once as it starts observing: that is the first measure.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [element, measure]);
  return { setElement, element, edges };
}

/** The fade that says "more this way" at the ends of the tab row where tabs are out of view. */
function edgeMask({ start, end }: { start: boolean; end: boolean }): string | undefined {
  if (!start && !end) return undefined;
  const fade = '2.5rem';
  return `linear-gradient(to var(--settings-tabs-end), ${start ? 'transparent' : 'black'}, black ${start ? fade : '0'}, black calc(100% - ${end ? fade : '0px'}), ${end ? 'transparent' : 'black'})`;
}

/**
 * SPEC §2 Settings dialog: General, Beta, Data, Account. It keeps one height whichever tab shows (the tab
 * scrolls inside); on a narrow screen the tabs are a row that scrolls sideways, faded and marked with a
 * chevron where more tabs are out of view, and the chosen tab scrolls into view.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  onClearChats,
  onRevokeKeys,
  account,
  dataExtras,
}: SettingsDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('general');
  const { setElement: setTabRow, element: tabRow, edges } = useScrollEdges();
  useEffect(() => {
    tabRow
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }, [tab, tabRow]);
  const mask = edgeMask(edges);
  // Tabs are a column beside the panel from 640px (Tailwind's sm), a row above it below.
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_nav_settings')}
      closeLabel={t('com_ui_close')}
      width="max-w-2xl"
      height="h-[min(34rem,90dvh)]"
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        className="flex h-full flex-col gap-4 sm:flex-row"
        orientation={wide ? 'vertical' : 'horizontal'}
      >
        <div className="relative shrink-0 sm:w-40">
          <Tabs.List
            ref={setTabRow}
            aria-label={t('com_nav_settings')}
            className="flex gap-1 overflow-x-auto p-0.5 [--settings-tabs-end:right] [scrollbar-width:none] sm:flex-col rtl:[--settings-tabs-end:left]"
            style={mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
          >
            <Tabs.Trigger value="general" className={tabClass}>
              {t('com_nav_setting_general')}
            </Tabs.Trigger>
            <Tabs.Trigger value="beta" className={tabClass}>
              {t('com_nav_setting_beta')}
            </Tabs.Trigger>
            <Tabs.Trigger value="data" className={tabClass}>
              {t('com_nav_setting_data')}
            </Tabs.Trigger>
            <Tabs.Trigger value="account" className={tabClass}>
              {t('com_nav_setting_account')}
            </Tabs.Trigger>
          </Tabs.List>
          {edges.start && <ScrollCue side="start" />}
          {edges.end && <ScrollCue side="end" />}
        </div>
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          <Tabs.Content value="general" className="outline-none">
            <GeneralTab />
          </Tabs.Content>
          <Tabs.Content value="beta" className="outline-none">
            <BetaTab />
          </Tabs.Content>
          <Tabs.Content value="data" className="outline-none">
            <DataTab onClearChats={onClearChats} onRevokeKeys={onRevokeKeys} />
            {dataExtras}
          </Tabs.Content>
          <Tabs.Content value="account" className="outline-none">
            <AccountTab {...account} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </Dialog>
  );
}

/** A chevron over the faded end of the tab row: more tabs that way (decoration; the tabs are in the list). */
function ScrollCue({ side }: { side: 'start' | 'end' }) {
  return (
    <span
      aria-hidden="true"
      data-scroll-cue={side}
      className={`pointer-events-none absolute inset-y-0 flex items-center text-neutral-500 sm:hidden dark:text-neutral-400 ${
        side === 'start' ? 'start-0 rotate-180 rtl:rotate-0' : 'end-0 rtl:rotate-180'
      }`}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </span>
  );
}
