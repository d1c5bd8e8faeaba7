import { Suspense } from 'react';
import { create } from 'zustand';
import { lazyChunk, usePrefetchWhenIdle } from '../../lib/lazy-chunk';

/** Whether the My files dialog is open (SPEC §2 User menu "My files"). */
export const useMyFilesDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Its own chunk, prefetched once the page is idle (the dialog opens from the user menu). */
const MyFilesDialog = lazyChunk(() =>
  import('../../features/files/components/my-files-dialog').then((module) => module.MyFilesDialog),
);

export function MyFilesContainer() {
  const { open, setOpen } = useMyFilesDialog();
  usePrefetchWhenIdle(MyFilesDialog);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MyFilesDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
