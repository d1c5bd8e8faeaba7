import { useState, type ReactNode } from 'react';
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
  'flex min-h-9 min-w-0 items-center justify-center rounded-lg px-3 py-1.5 text-center text-sm leading-tight sm:justify-start sm:text-start text-neutral-600 outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-neutral-900 data-[state=active]:bg-neutral-100 data-[state=active]:font-medium data-[state=active]:text-neutral-900 sm:w-full dark:text-neutral-300 dark:hover:bg-neutral-700 dark:focus-visible:ring-neutral-100 dark:data-[state=active]:bg-neutral-700 dark:data-[state=active]:text-white';

type Tab = 'general' | 'beta' | 'data' | 'account';

/**
 * SPEC §2 Settings dialog: General, Beta, Data, Account. It keeps one height whichever tab shows (the tab
 * scrolls inside); on a narrow screen the tabs are two rows of two, so every tab shows whole in every
 * language (a row that scrolled sideways cut the last one off, issue 27).
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
        <div className="shrink-0 sm:w-40">
          <Tabs.List
            aria-label={t('com_nav_settings')}
            className="grid grid-cols-2 gap-1 p-0.5 sm:flex sm:flex-col"
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
