import type { FileObject } from '@parley/shared/schemas/file';
import { UPLOAD_PROGRESS, type Attachment } from './attachment';

export type AttachmentAction =
  | { type: 'added'; attachments: Attachment[] }
  /** A file chosen from the user's files; ignored when a chip already holds that file. */
  | { type: 'attached'; attachment: Attachment }
  | { type: 'sized'; tempId: string; width: number; height: number }
  | { type: 'uploaded'; tempId: string }
  | { type: 'stored'; tempId: string; file: FileObject }
  | { type: 'removed'; tempIds: readonly string[] }
  | { type: 'cleared' };

/** A new chip at the first step of its progress. */
export function newAttachment(init: {
  tempId: string;
  file: { name: string; type: string; size: number };
  type: string;
  preview: string | null;
}): Attachment {
  return {
    tempId: init.tempId,
    fileId: null,
    filename: init.file.name,
    type: init.type,
    size: init.file.size,
    preview: init.preview,
    progress: UPLOAD_PROGRESS.added,
    filepath: null,
    width: null,
    height: null,
    source: 'local',
    embedded: false,
    textState: null,
    attached: false,
  };
}

/** A chip for a file the user stored before: complete at once, nothing to upload (SPEC §5 Attach from files list). */
export function storedAttachment(tempId: string, file: FileObject): Attachment {
  return {
    tempId,
    fileId: file.file_id,
    filename: file.filename,
    type: file.type,
    size: file.bytes,
    preview: null,
    progress: UPLOAD_PROGRESS.done,
    filepath: file.filepath,
    width: file.width ?? null,
    height: file.height ?? null,
    source: file.source,
    embedded: file.embedded,
    textState: file.text_state ?? null,
    attached: true,
  };
}

function update(list: Attachment[], tempId: string, patch: Partial<Attachment>): Attachment[] {
  return list.map((item) => (item.tempId === tempId ? { ...item, ...patch } : item));
}

/** The chip list of the composer; an action about a chip already removed changes nothing. */
export function attachmentsReducer(list: Attachment[], action: AttachmentAction): Attachment[] {
  switch (action.type) {
    case 'added':
      return [...list, ...action.attachments];
    case 'attached': {
      const { fileId } = action.attachment;
      return list.some((item) => item.fileId !== null && item.fileId === fileId)
        ? list
        : [...list, action.attachment];
    }
    case 'sized':
      return update(list, action.tempId, {
        width: action.width,
        height: action.height,
        progress: UPLOAD_PROGRESS.sized,
      });
    case 'uploaded':
      return update(list, action.tempId, { progress: UPLOAD_PROGRESS.uploaded });
    case 'stored': {
      const { file } = action;
      return update(list, action.tempId, {
        fileId: file.file_id,
        filepath: file.filepath,
        type: file.type,
        width: file.width ?? null,
        height: file.height ?? null,
        source: file.source,
        embedded: file.embedded,
        textState: file.text_state ?? null,
        progress: UPLOAD_PROGRESS.done,
      });
    }
    case 'removed':
      return list.filter((item) => !action.tempIds.includes(item.tempId));
    case 'cleared':
      return [];
  }
}
