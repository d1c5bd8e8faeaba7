import type { FileSource, FileTextState } from '@parley/shared/schemas/file';
import type { Message } from '@parley/shared/schemas/message';

/** SPEC §4 "File upload": the progress steps of a file picked in the composer. */
export const UPLOAD_PROGRESS = { added: 0.2, sized: 0.6, uploaded: 0.9, done: 1 } as const;

/** A file picked in the composer: a chip above the text box until the message is sent (SPEC §3 File). */
export interface Attachment {
  /** The id the client chose before the upload; the chip's key for its whole life. */
  tempId: string;
  /** The server's id, once the upload has answered. */
  fileId: string | null;
  filename: string;
  type: string;
  size: number;
  /** A local object URL of an image, shown until the server's link is known. */
  preview: string | null;
  /** 0 to 1; the file can go with a message only at 1. */
  progress: number;
  filepath: string | null;
  width: number | null;
  height: number | null;
  source: FileSource;
  embedded: boolean;
  /** Knowledge: whether the server could read the document's text (null: not a document it reads). */
  textState: FileTextState | null;
  /**
   * SPEC §3 File `attached`: true for a file chosen from the user's files (stored before, not uploaded for
   * this message). Only uploads are temporary: removing an attached file's chip, or starting a new
   * conversation, never deletes it on the server.
   */
  attached: boolean;
}

/** SPEC §4 Send button: disabled while any file is still on its way. */
export function isUploading(list: readonly Attachment[]): boolean {
  return list.some((item) => item.progress < UPLOAD_PROGRESS.done);
}

export type MessageFile = NonNullable<Message['files']>[number];

/** What goes with the message: the uploaded files, as the chat request and the message list know them. */
export function messageFiles(list: readonly Attachment[]): MessageFile[] {
  return list.flatMap((item) =>
    item.fileId !== null && item.progress >= UPLOAD_PROGRESS.done
      ? [
          {
            file_id: item.fileId,
            filename: item.filename,
            filepath: item.filepath ?? undefined,
            type: item.type,
            ...(item.width !== null && item.height !== null
              ? { width: item.width, height: item.height }
              : {}),
          },
        ]
      : [],
  );
}

export function isImageAttachment(item: { type: string }): boolean {
  return item.type.startsWith('image/');
}
