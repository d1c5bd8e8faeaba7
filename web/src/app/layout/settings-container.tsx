import { Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import {
  changePassword,
  deleteAccount,
  renameAccount,
  signOutOtherSessions,
} from '../../features/auth/api/account';
import { useAuthStore } from '../../features/auth/store';
import { clearAllConversations, CONVERSATIONS_PATH } from '../../features/conversations/api/conversations';
import { ArchivedChatsSection } from '../../features/conversations/components/archived-chats-section';
import { revokeAllKeys } from '../../features/keys/api/keys';
import { lazyChunk, usePrefetchWhenIdle } from '../../lib/lazy-chunk';
import { useSharesEnabled } from './share-container';
import { readAgain } from '../../lib/update-cached-list';

export const useSettingsDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Its own chunk, prefetched once the page is idle (the dialog opens from the user menu). */
const SettingsDialog = lazyChunk(() =>
  import('../../features/settings/components/settings-dialog').then((module) => module.SettingsDialog),
);

/** The Data tab's import section, a chunk of its own too (it only shows in the settings dialog). */
const ImportSection = lazyChunk(() =>
  import('../../features/import/components/import-section').then((module) => module.ImportSection),
);

/** Account → Usage this month and the user's limits, a chunk of its own. */
const AccountUsage = lazyChunk(() =>
  import('../../features/usage/account-usage').then((module) => module.AccountUsage),
);

/** Account → Two-factor sign-in (QR code library included), a chunk of its own too. */
const TwoFactorSection = lazyChunk(() =>
  import('../../features/auth/components/two-factor-section').then((module) => module.TwoFactorSection),
);

/** Data controls → Shared links, a chunk of its own too. */
const SharedLinksSection = lazyChunk(() =>
  import('../../features/shares/components/shared-links-section').then((module) => module.SharedLinksSection),
);

/** The settings dialog with the actions it needs from other features (SPEC §2 Data and Account tabs). */
export function SettingsContainer() {
  const { open, setOpen } = useSettingsDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const sharesEnabled = useSharesEnabled();
  usePrefetchWhenIdle(SettingsDialog, ImportSection, SharedLinksSection);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog
        open={open}
        onOpenChange={setOpen}
        onClearChats={async () => {
          await clearAllConversations(queryClient);
          // SPEC §2: after clearing, a new conversation starts.
          void navigate('/c/new');
        }}
        onRevokeKeys={() => revokeAllKeys(queryClient)}
        dataExtras={
          <Suspense fallback={null}>
            <ImportSection
              onImported={() => void readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] })}
            />
            <ArchivedChatsSection />
            {sharesEnabled && <SharedLinksSection />}
          </Suspense>
        }
        account={{
          account: {
            name: user?.name ?? '',
            email: user?.email ?? '',
            hasPassword: user?.provider === 'local',
          },
          onUploadAvatar: async (file) => {
            const { uploadAvatar } = await import('../../features/files/api/avatar');
            const url = await uploadAvatar(file);
            useAuthStore.setState((state) => ({ user: state.user && { ...state.user, avatar: url } }));
          },
          onRename: renameAccount,
          onChangePassword: changePassword,
          onSignOutOthers: signOutOtherSessions,
          twoFactor: (
            <Suspense fallback={null}>
              <TwoFactorSection hasPassword={user?.provider === 'local'} />
            </Suspense>
          ),
          usage: (
            <Suspense fallback={null}>
              <AccountUsage />
            </Suspense>
          ),
          onDeleteAccount: async (email) => {
            await deleteAccount(email, queryClient);
            setOpen(false);
            void navigate('/login', { replace: true });
          },
        }}
      />
    </Suspense>
  );
}
