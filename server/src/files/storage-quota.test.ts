import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MEGABYTE } from '@parley/shared/files/file-config';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir, testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { fileReservations } from '../db/schema';
import { createLocalStorage } from '../storage/local-storage';
import { createFilesService, type FilesService } from './service';
import { spoolFile } from './spool-file';
import { multipartBody } from './test-multipart';

const LIMIT = MEGABYTE;
const FILE_BYTES = 600 * 1024;
const REFUSED =
  'Storage limit reached: your files take 0.59 MB of your 1 MB. Delete some files to upload more.';

/** An env whose config file sets a 1 MB per-user storage limit; the servers share their secret, as a cluster does. */
function quotaEnv(): Env {
  const path = join(tempDir('parley-quota-'), 'librechat.yaml');
  writeFileSync(path, 'version: 1.0.8\nfileConfig:\n  userStorageLimit: 1\n');
  return { CONFIG_PATH: path, JWT_SECRET: randomBytes(32).toString('hex') };
}

/** Another server process's view of the same database: its own pool on PostgreSQL, the same PGlite. */
async function secondProcessOn(database: Database): Promise<Database> {
  if (database.driver.kind !== 'postgres') return { ...database, close: async () => undefined };
  const url = database.driver.pool.options.connectionString;
  if (!url) throw new Error('pool without connection string');
  return openDatabase({ databaseUrl: url, poolMax: 4 });
}

/** How many files the local storage holds for the user. */
const storedFiles = (config: AppConfig, userId: string): number => {
  if (config.fileStorage.kind !== 'local') throw new Error('expected the local storage');
  const folder = join(config.fileStorage.root, userId);
  return existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')).length : 0;
};

describeEachEngine('per-user storage quota under concurrent uploads', (getDb, { getDatabase }) => {
  const servers: { app: FastifyInstance; config: AppConfig; url: string; database: Database }[] = [];
  beforeAll(async () => {
    const env = quotaEnv();
    for (let index = 0; index < 2; index += 1) {
      const database = index === 0 ? getDatabase() : await secondProcessOn(getDatabase());
      const { app, config } = await buildAppOn(database, { env });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      servers.push({ app, config, url: `http://127.0.0.1:${port}`, database });
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.app.close();
      if (server.database !== getDatabase()) await server.database.close();
    }
  });

  const upload = async (server: { url: string }, owner: TestUser) => {
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'big.txt', type: 'text/plain', data: Buffer.alloc(FILE_BYTES, 0x61) },
    ]);
    const response = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: { ...owner.headers, ...headers },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const usage = async (owner: TestUser) => {
    const response = await fetch(`${servers[0]?.url ?? ''}/api/files/usage`, { headers: owner.headers });
    return (await response.json()) as { used: number; limit: number };
  };
  const reservationsOf = async (userId: string) =>
    getDb().select().from(fileReservations).where(eq(fileReservations.userId, userId));

  /** Sends `count` uploads at once, spread over the servers; answers them after checking what was kept. */
  async function uploadAtOnce(count: number, serverCount: number) {
    const alice = await createTestUser(
      { database: getDatabase(), config: servers[0]?.config ?? testConfig() },
      { password: null },
    );
    const responses = await Promise.all(
      Array.from({ length: count }, (_, index) => {
        const server = servers[index % serverCount];
        if (!server) throw new Error('no server');
        return upload(server, alice);
      }),
    );
    const accepted = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 413);
    expect(accepted.length + refused.length, JSON.stringify(responses)).toBe(count);
    // 600 KB fits a 1 MB limit once, never twice.
    expect(accepted).toHaveLength(1);
    for (const response of refused)
      expect(response.body).toMatchObject({ message: REFUSED, code: 'storage_limit' });
    expect(await usage(alice)).toEqual({ used: FILE_BYTES, limit: LIMIT });
    const stored = servers
      .slice(0, serverCount)
      .reduce((sum, server) => sum + storedFiles(server.config, alice.user.id), 0);
    expect(stored).toBe(1);
    // No refused upload left room taken behind it.
    expect(await reservationsOf(alice.user.id)).toEqual([]);
  }

  it('ten 600 KB uploads at once against a 1 MB limit store one; the nine others get the storage-limit 413', async () => {
    await uploadAtOnce(10, 1);
  });

  it('two server processes sharing the database together store at most the limit', async () => {
    await uploadAtOnce(10, 2);
  });
});

describeEachEngine('per-user storage quota: reservations given back', (getDb, { getDatabase }) => {
  let config: AppConfig;
  let working: FilesService;
  let broken: FilesService;
  const spooled: string[] = [];
  beforeAll(() => {
    config = testConfig(quotaEnv());
    working = createFilesService({ db: getDb(), config });
    // A storage whose root is a plain file: every write fails, as with a full or read-only disk.
    const notAFolder = join(tempDir('parley-quota-'), 'not-a-folder');
    writeFileSync(notAFolder, '');
    broken = createFilesService({ db: getDb(), config, storage: createLocalStorage(notAFolder) });
  });
  afterEach(async () => {
    await Promise.all(spooled.splice(0).map((path) => rm(path, { force: true })));
  });
  afterAll(() => Promise.all([working.close(), broken.close()]));

  const user = async () => (await createTestUser(getDatabase(), { password: null })).user.id;
  const uploadTo = async (files: FilesService, userId: string) => {
    const file = await spoolFile(Readable.from([Buffer.alloc(FILE_BYTES, 0x62)]), {
      directory: files.spoolDirectory,
      caps: [],
      collectText: true,
    });
    spooled.push(file.path);
    return files.uploadDocument(
      userId,
      { file_id: randomUUID(), endpoint: 'openAI' },
      { ...file, filename: 'b.txt', mimetype: 'text/plain' },
    );
  };
  const reservationCount = async () =>
    (
      await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(fileReservations)
    )[0]?.n;

  it('a store that fails gives its reservation back, so the room is there for the next upload', async () => {
    const alice = await user();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(uploadTo(broken, alice)).rejects.toMatchObject({
        status: 503,
        message: 'The file storage is not available right now. Please try again later.',
      });
    }
    expect(await reservationCount()).toBe(0);
    // Had any failed attempt kept its 600 KB, this one would not fit.
    await expect(uploadTo(working, alice)).resolves.toMatchObject({ bytes: FILE_BYTES });
    expect(await reservationCount()).toBe(0);
  });

  it('files saved by tools take room the same way: of ten outputs at once, only what fits is kept', async () => {
    const alice = await user();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        working.saveToolOutput(alice, {
          bytes: Buffer.alloc(FILE_BYTES, 0x63),
          filename: `out-${index}.csv`,
          mimeType: 'text/csv',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((each) => each.status === 'rejected'))
      expect(result.reason).toMatchObject({ status: 413, message: REFUSED });
    expect(await working.usage(alice)).toEqual({ used: FILE_BYTES, limit: LIMIT });
    expect(await reservationCount()).toBe(0);
  });

  it('a reservation a crashed process left behind stops counting after an hour', async () => {
    const alice = await user();
    await getDb()
      .insert(fileReservations)
      .values({ userId: alice, bytes: LIMIT, createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await expect(uploadTo(working, alice)).resolves.toMatchObject({ bytes: FILE_BYTES });
    // The stale row was swept when the user next reserved room.
    expect(await reservationCount()).toBe(0);
  });
});
