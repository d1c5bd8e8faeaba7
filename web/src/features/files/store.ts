import { create } from 'zustand';
import type { Attachment } from './logic/attachment';

/**
 * The chips of the composer (one composer on screen at a time). The engine, loaded with the first file,
 * changes them (engine/attachments.ts), but for a chip's removal, done at once (hooks/use-composer-files.ts);
 * the page reads them.
 */
export const useAttachmentsStore = create<{ items: Attachment[] }>()(() => ({ items: [] }));
