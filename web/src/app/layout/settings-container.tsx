import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { useAuthStore } from '../../features/auth/store';
import { clearAllConversations, CONVERSATIONS_PATH } from '../../features/conversations/api/conversations';
import { ImportSection } from '../../features/import/components/import-section';
import { revokeAllKeys } from '../../features/keys/api/keys';

export const useSettingsDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Its own chunk: the dialog loads the first time it opens. */
const SettingsDialog = lazy(() =>
  import('../../features/settings/components/settings-dialog').then((module) => ({
    default: module.SettingsDialog,
  })),
);

/** The settings dialog with the actions it needs from other features (SPEC §2 Data and Account tabs). */
export function SettingsContainer() {
  const { open, setOpen } = useSettingsDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
          <ImportSection
            onImported={() => void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_PATH] })}
          />
        }
        onUploadAvatar={async (file) => {
          const { uploadAvatar } = await import('../../features/files/api/avatar');
          const url = await uploadAvatar(file);
          useAuthStore.setState((state) => ({ user: state.user && { ...state.user, avatar: url } }));
        }}
      />
    </Suspense>
  );
}
