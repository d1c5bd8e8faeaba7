import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
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

/** SPEC §2 Settings dialog: General, Beta, Data, Account. */
export function SettingsDialog({
  open,
  onOpenChange,
  onClearChats,
  onRevokeKeys,
  account,
  dataExtras,
}: SettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_nav_settings')}
      closeLabel={t('com_ui_close')}
      width="max-w-2xl"
    >
      <Tabs.Root
        defaultValue="general"
        className="flex flex-col gap-4 sm:min-h-[22rem] sm:flex-row"
        orientation="vertical"
      >
        <Tabs.List
          aria-label={t('com_nav_settings')}
          className="flex gap-1 overflow-x-auto sm:w-40 sm:shrink-0 sm:flex-col"
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
        <div className="min-w-0 flex-1">
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
