import { create } from 'zustand';
import type { Attachment } from './logic/attachment';
import { attachmentsReducer, type AttachmentAction } from './logic/attachments-reducer';

/**
 * The chips of the composer (one composer on screen at a time). The engine, loaded with the first file,
 * changes them, but for a chip's removal, done at once in the click (hooks/use-composer-files.ts); the page
 * reads them.
 */
export const useAttachmentsStore = create<{ items: Attachment[] }>()(() => ({ items: [] }));

/** Applies one change to the chips. */
export function dispatch(action: AttachmentAction): void {
  useAttachmentsStore.setState((state) => ({ items: attachmentsReducer(state.items, action) }));
}
