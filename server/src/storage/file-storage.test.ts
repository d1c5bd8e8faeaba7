import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { startTestS3Server, type TestS3Server } from './s3-test-server';
import { storageKey } from './storage-key';

interface Variant {
  name: string;
  open: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>;
}

const variants: Variant[] = [
  {
    name: 'local',
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
      const storage = createLocalStorage(root);
      return { storage, close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    open: async () => {
      const server: TestS3Server = await startTestS3Server();
      const storage = createS3Storage(server.options);
      return {
        storage,
        close: async () => {
          await storage.close();
          await server.close();
        },
      };
    },
  },
];

describe.each(variants)('$name file storage', (variant) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  const scratch = mkdtempSync(join(tmpdir(), 'parley-scratch-'));
  beforeAll(async () => {
    ({ storage, close } = await variant.open());
  });
  afterAll(async () => {
    await close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const key = (name = randomUUID()) => storageKey(randomUUID(), name);

  it('stores bytes and reads them back', async () => {
    const k = key();
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    await storage.put(k, bytes, 'application/octet-stream');
    expect(await storage.exists(k)).toBe(true);
    const stream = await storage.get(k);
    expect(stream).not.toBeNull();
    expect(await buffer(stream as Readable)).toEqual(bytes);
  });

  it('stores a local file, streamed, replacing what was there and leaving the file in place', async () => {
    const k = key();
    await storage.put(k, Buffer.from('old'), 'text/plain');
    const source = join(scratch, `${randomUUID()}.txt`);
    writeFileSync(source, 'héllo wörld');
    await storage.putFile(k, source, 'text/plain');
    expect((await buffer((await storage.get(k)) as Readable)).toString('utf8')).toBe('héllo wörld');
    expect(existsSync(source)).toBe(true);
  });

  it('stores a multi-megabyte file byte for byte', async () => {
    const k = key();
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const source = join(scratch, `${randomUUID()}.bin`);
    writeFileSync(source, bytes);
    await storage.putFile(k, source, 'application/octet-stream');
    expect((await buffer((await storage.get(k)) as Readable)).equals(bytes)).toBe(true);
  });

  it.runIf(variant.name === 'local')(
    'answers a read racing a delete with all the bytes or null',
    async () => {
      const bytes = randomBytes(64 * 1024);
      for (let round = 0; round < 40; round += 1) {
        const k = key();
        await storage.put(k, bytes, 'application/octet-stream');
        const [, stream] = await Promise.all([storage.delete(k), storage.get(k)]);
        // Either the read opened the file first (and keeps it), or it found it gone: never an error.
        if (stream) expect((await buffer(stream)).equals(bytes)).toBe(true);
      }
    },
  );

  it('answers null and false for a missing key, and deletes quietly', async () => {
    const k = key();
    expect(await storage.get(k)).toBeNull();
    expect(await storage.exists(k)).toBe(false);
    await storage.delete(k);
    await storage.put(k, Buffer.from('x'), 'text/plain');
    await storage.delete(k);
    expect(await storage.exists(k)).toBe(false);
  });

  it('refuses keys that could leave a user folder', async () => {
    const user = randomUUID();
    for (const bad of [
      `${user}/../x`,
      `${user}/..`,
      '../etc/passwd',
      `${user}/a/b`,
      `not-a-uuid/x`,
      `${user}/`,
      '/abs',
    ]) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(bad), bad).rejects.toThrow(/invalid storage key/);
      await expect(storage.putFile(bad, join(scratch, 'none'), 'text/plain'), bad).rejects.toThrow(
        /invalid storage key/,
      );
    }
    expect(() => storageKey(user, '..')).toThrow(/invalid storage key/);
  });
});
