import { NO_PARENT } from '@parley/shared/constants';
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { Message } from '@parley/shared/schemas/message';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '../files/attachment';
import { AppError } from '../lib/errors';
import type { AttachmentsPort } from './ports';
import type { Turn } from './turn';
import { loadTurnFiles, type TurnFilesInput } from './turn-files';
import { mergeFileConfig } from '@parley/shared/files/file-config';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function attachment(
  fields: Partial<Attachment> & Pick<Attachment, 'file_id' | 'filename' | 'type'>,
): Attachment {
  return { filepath: `/files/${fields.file_id}`, bytes: 4, read: () => Promise.resolve(PNG), ...fields };
}

const photo = attachment({ file_id: 'img1', filename: 'cat.png', type: 'image/png', width: 64, height: 32 });
const notes = attachment({ file_id: 'doc1', filename: 'notes.txt', type: 'text/plain', text: 'alpha beta' });
const older = attachment({ file_id: 'img0', filename: 'old.png', type: 'image/png', width: 10, height: 10 });

/** Each user's files, as the files service hands them out: only the asking user's own. */
function filesOf(owners: Readonly<Record<string, readonly Attachment[]>>): AttachmentsPort {
  return {
    attachmentsFor: (userId, ids) =>
      Promise.resolve(ids.flatMap((id) => (owners[userId] ?? []).filter((file) => file.file_id === id))),
    markUsed: () => Promise.resolve(),
  };
}

/** The caller ('u') owns these files. */
const ownedFiles = (files: readonly Attachment[]): AttachmentsPort => filesOf({ u: files });

const earlier: Message = {
  messageId: 'm0',
  conversationId: 'c',
  parentMessageId: NO_PARENT,
  sender: 'User',
  text: 'look',
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  isEdited: false,
  files: [{ file_id: 'img0', filename: 'old.png', type: 'image/png' }],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function input(fileIds: string[], fields: Partial<TurnFilesInput> = {}): TurnFilesInput {
  const turn: Turn = {
    kind: 'ask',
    conversationId: 'c',
    isNewConversation: false,
    userMessage: { messageId: 'm2', parentMessageId: 'm1', text: 'hi', fileIds, isNew: true },
    responseMessageId: 'r',
    prefix: '',
    history: [earlier],
  };
  const body: ChatRequestBody = {
    text: 'hi',
    endpoint: 'openAI',
    model: 'gpt-4o',
    files: fileIds.map((file_id) => ({ file_id })),
  };
  return {
    turn,
    body,
    resendFiles: true,
    detail: 'auto',
    vision: true,
    endpoint: 'openAI',
    documentBudgetTokens: 60_000,
    ...fields,
  };
}

describe('loadTurnFiles', () => {
  it('reads images as data URLs, keeps document text and saves each file’s metadata', async () => {
    const files = await loadTurnFiles(ownedFiles([photo, notes, older]), 'u', input(['img1', 'doc1']));
    expect(files.current).toEqual([
      {
        kind: 'image',
        filename: 'cat.png',
        mimeType: 'image/png',
        url: `data:image/png;base64,${PNG.toString('base64')}`,
        width: 64,
        height: 32,
        detail: 'auto',
      },
      { kind: 'document', filename: 'notes.txt', text: 'alpha beta' },
    ]);
    expect(files.metadata).toEqual([
      {
        file_id: 'img1',
        filename: 'cat.png',
        filepath: '/files/img1',
        type: 'image/png',
        width: 64,
        height: 32,
      },
      { file_id: 'doc1', filename: 'notes.txt', filepath: '/files/doc1', type: 'text/plain' },
    ]);
    expect([...files.history.keys()]).toEqual(['m0']);
  });

  it('leaves earlier messages’ files out when resendFiles is off', async () => {
    const files = await loadTurnFiles(
      ownedFiles([photo, older]),
      'u',
      input(['img1'], { resendFiles: false }),
    );
    expect(files.current).toHaveLength(1);
    expect(files.history.size).toBe(0);
  });

  it('answers 404 File not found when a named file is not the caller’s', async () => {
    // The file exists, and belongs to 'v': asked for as 'u', it is not found.
    const theirs = attachment({ file_id: 'theirs', filename: 'theirs.png', type: 'image/png' });
    const both = filesOf({ u: [photo], v: [theirs] });
    const load = loadTurnFiles(both, 'u', input(['img1', 'theirs']));
    await expect(load).rejects.toThrow(AppError);
    await expect(load).rejects.toMatchObject({ status: 404, message: 'File not found' });
    expect((await loadTurnFiles(both, 'v', input(['theirs']))).current).toHaveLength(1);
  });

  it('refuses an image for an endpoint without vision, naming the endpoint', async () => {
    const load = loadTurnFiles(
      ownedFiles([photo]),
      'u',
      input(['img1'], { vision: false, endpoint: 'bingAI' }),
    );
    await expect(load).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Unsupported file type for endpoint: bingAI .*cat\.png/) as unknown,
    });
  });

  it('names earlier images only, and sends documents, on an endpoint without vision', async () => {
    const files = await loadTurnFiles(ownedFiles([notes, older]), 'u', input(['doc1'], { vision: false }));
    expect(files.history.get('m0')).toEqual([{ kind: 'named', filename: 'old.png', mimeType: 'image/png' }]);
    expect(files.current).toEqual([{ kind: 'document', filename: 'notes.txt', text: 'alpha beta' }]);
  });

  it('names a binary document only', async () => {
    const pdf = attachment({ file_id: 'pdf', filename: 'a.pdf', type: 'application/pdf', text: null });
    const files = await loadTurnFiles(ownedFiles([pdf]), 'u', input(['pdf'], { resendFiles: false }));
    expect(files.current).toEqual([{ kind: 'named', filename: 'a.pdf', mimeType: 'application/pdf' }]);
  });

  it('asks nothing of the files service when no message carries files', async () => {
    const none = input([], { resendFiles: false });
    const files = await loadTurnFiles(
      { attachmentsFor: () => Promise.reject(new Error('not expected')), markUsed: () => Promise.resolve() },
      'u',
      none,
    );
    expect(files.current).toEqual([]);
  });

  describe('the endpoint’s file limits on the files the message names', () => {
    const limited = (files: readonly Attachment[], fileLimit: number, totalSizeLimit: number) => ({
      ...ownedFiles(files),
      fileConfig: mergeFileConfig({ endpoints: { openAI: { fileLimit, totalSizeLimit } } }),
    });
    const big = attachment({ file_id: 'big', filename: 'big.txt', type: 'text/plain', bytes: 2 * 1_048_576 });

    it('answers 400 with the SPEC text above fileLimit, reading nothing', async () => {
      let reads = 0;
      const counted = (id: string) =>
        attachment({
          file_id: id,
          filename: `${id}.png`,
          type: 'image/png',
          read: () => ((reads += 1), Promise.resolve(PNG)),
        });
      const port = limited([counted('a'), counted('b'), counted('c')], 2, 10);
      await expect(loadTurnFiles(port, 'u', input(['a', 'b', 'c']))).rejects.toMatchObject({
        status: 400,
        message: 'You can only upload up to 2 files at a time.',
      });
      expect(reads).toBe(0);
    });

    it('answers 400 with the SPEC text above totalSizeLimit', async () => {
      await expect(
        loadTurnFiles(limited([big, notes], 10, 1), 'u', input(['big', 'doc1'])),
      ).rejects.toMatchObject({
        status: 400,
        message: 'The total size of the files cannot exceed 1 MB.',
      });
    });

    it('accepts files within the limits', async () => {
      const files = await loadTurnFiles(limited([big], 1, 3), 'u', input(['big'], { resendFiles: false }));
      expect(files.current).toHaveLength(1);
    });
  });

  it('reads the files one at a time', async () => {
    let reading = 0;
    let most = 0;
    const slow = (id: string) =>
      attachment({
        file_id: id,
        filename: `${id}.png`,
        type: 'image/png',
        read: async () => {
          reading += 1;
          most = Math.max(most, reading);
          await new Promise((resolve) => setImmediate(resolve)); // a read in parallel would start meanwhile
          reading -= 1;
          return PNG;
        },
      });
    const files = [slow('a'), slow('b'), slow('c'), { ...slow('img0'), filename: 'old.png' }];
    const loaded = await loadTurnFiles(ownedFiles(files), 'u', input(['a', 'b', 'c']));
    expect(loaded.current).toHaveLength(3);
    expect(loaded.history.get('m0')).toHaveLength(1);
    expect(most).toBe(1);
  });
});
