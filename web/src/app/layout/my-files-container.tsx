import { lazy, Suspense } from 'react';
import { create } from 'zustand';

/** Whether the My files dialog is open (SPEC §2 User menu "My files"). */
export const useMyFilesDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Its own chunk: the dialog loads the first time it opens. */
const MyFilesDialog = lazy(() =>
  import('../../features/files/components/my-files-dialog').then((module) => ({
    default: module.MyFilesDialog,
  })),
);

export function MyFilesContainer() {
  const { open, setOpen } = useMyFilesDialog();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MyFilesDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
