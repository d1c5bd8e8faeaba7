import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inferMimeType, isTextLikeType } from '@parley/shared/files/mime-types';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { createFilesService, type FilesService } from './service';
import { MAX_EXTRACTED_TEXT } from './extract-text';
import { spoolFile } from './spool-file';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { storageKey } from '../storage/storage-key';
import sharp from 'sharp';

describeEachEngine('files service: the attachments port of the chat engine', (getDb, { getDatabase }) => {
  let config: AppConfig;
  let files: FilesService;
  let storage: FileStorage;
  beforeAll(() => {
    config = testConfig();
    storage = createFileStorage(config.fileStorage);
    files = createFilesService({ db: getDb(), config, storage });
  });
  afterAll(() => files.close());

  const user = () => createTestUser(getDatabase(), { password: null });
  const upload = async (userId: string, filename: string, data: string | Buffer, type = 'text/plain') => {
    const fields = { file_id: randomUUID(), endpoint: 'openAI' };
    const spooled = await spoolFile(Readable.from([Buffer.from(data)]), {
      directory: files.spoolDirectory,
      caps: [],
      collectText: isTextLikeType(inferMimeType(filename, type)),
    });
    try {
      return await files.uploadDocument(userId, fields, { ...spooled, filename, mimetype: type });
    } finally {
      await rm(spooled.path, { force: true });
    }
  };

  it('gives the caller’s files in the requested order, with their text and bytes', async () => {
    const [alice, bob] = [await user(), await user()];
    const a = await upload(alice.user.id, 'a.py', 'print("a")', '');
    const b = await upload(alice.user.id, 'b.pdf', '%PDF-1.4 fake', 'application/pdf');
    const theirs = await upload(bob.user.id, 'c.txt', 'bob only');
    const attachments = await files.attachmentsFor(alice.user.id, [
      b.file_id,
      'junk',
      theirs.file_id,
      a.file_id,
      randomUUID(),
    ]);
    expect(attachments.map((attachment) => attachment.file_id)).toEqual([b.file_id, a.file_id]);
    const [pdf, code] = attachments;
    expect(pdf).toMatchObject({ filename: 'b.pdf', type: 'application/pdf', text: null, bytes: 13 });
    expect(code).toMatchObject({
      filename: 'a.py',
      type: 'text/x-python',
      text: 'print("a")',
      filepath: a.filepath,
    });
    expect((await code?.read())?.toString()).toBe('print("a")');
  });

  it('caps extracted text and keeps it storable', async () => {
    const alice = await user();
    const long = `\u0000${'x'.repeat(MAX_EXTRACTED_TEXT + 10)}`;
    const file = await upload(alice.user.id, 'long.txt', long);
    const [attachment] = await files.attachmentsFor(alice.user.id, [file.file_id]);
    expect(attachment?.text?.length).toBe(MAX_EXTRACTED_TEXT);
    expect(attachment?.text?.startsWith('\uFFFDx')).toBe(true);
  });

  it('counts usage and records the conversation, only for the caller’s files', async () => {
    const [alice, bob] = [await user(), await user()];
    const file = await upload(alice.user.id, 'a.txt', 'a');
    const conversationId = randomUUID();
    await files.markUsed(alice.user.id, [file.file_id, 'junk'], conversationId);
    await files.markUsed(alice.user.id, [file.file_id], 'new');
    await files.markUsed(bob.user.id, [file.file_id], randomUUID());
    const [listed] = await files.list(alice.user.id);
    expect(listed).toMatchObject({ usage: 2, conversationId });
  });

  it('refuses an image on the documents route, pointing to /api/files/images', async () => {
    const alice = await user();
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    await expect(upload(alice.user.id, 'a.png', png, 'image/png')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('/api/files/images') as unknown,
    });
  });

  it('refuses to read more bytes than a file’s recorded size', async () => {
    const alice = await user();
    const file = await upload(alice.user.id, 'small.txt', 'tiny');
    // The stored bytes grow behind the row's back (a swapped object, a corrupt store).
    await storage.put(storageKey(alice.user.id, file.file_id), Buffer.alloc(1024 * 1024, 0x61), 'text/plain');
    const [attachment] = await files.attachmentsFor(alice.user.id, [file.file_id]);
    await expect(attachment?.read()).rejects.toThrow(/more bytes than its recorded size/);
  });
});
