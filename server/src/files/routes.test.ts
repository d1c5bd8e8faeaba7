import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEGABYTE } from '@parley/shared/files/file-config';
import {
  avatarUploadResponseSchema,
  fileConfigSchema,
  fileListSchema,
  fileSchema,
  fileUploadResponseSchema,
} from '@parley/shared/schemas/file';
import { userSchema } from '@parley/shared/schemas/user';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import { multipartBody, type FormPart } from './test-multipart';

/** A config file with `yaml` as its body; answers the env that points at it. */
function yamlEnv(yaml: string, extra: Env = {}): Env {
  const path = join(tempDir('parley-files-'), 'librechat.yaml');
  writeFileSync(path, `version: 1.0.8\n${yaml}`);
  return { CONFIG_PATH: path, ...extra };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

const YAML = `
fileConfig:
  serverFileSizeLimit: 0.05
  avatarSizeLimit: 0.01
  endpoints:
    google:
      fileSizeLimit: 0.001
    bingAI:
      disabled: true
`;

describeEachEngine('file routes', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase(), { env: yamlEnv(YAML) }));
  });
  afterAll(() => app.close());

  const user = (): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { password: null });
  const post = (owner: TestUser, url: string, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return app.inject({ method: 'POST', url, payload, headers: { ...owner.headers, ...headers } });
  };
  const fields = (endpoint = 'openAI'): FormPart[] => [
    { name: 'file_id', value: randomUUID() },
    { name: 'endpoint', value: endpoint },
  ];
  const upload = async (owner: TestUser, filename = 'notes.txt', data: string | Buffer = 'hello, files') => {
    const response = await post(owner, '/api/files', [
      ...fields(),
      { name: 'file', filename, type: 'text/plain', data },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    return fileUploadResponseSchema.parse(response.json());
  };
  const get = (url: string, owner?: TestUser) =>
    app.inject({ url, ...(owner ? { headers: owner.headers } : {}) });
  const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

  it('uploads a document, lists it newest first and serves it through its signed link', async () => {
    const alice = await user();
    const tempId = randomUUID();
    const first = await upload(alice, 'first.txt');
    const response = await post(alice, '/api/files', [
      { name: 'file_id', value: tempId },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: encodeURIComponent('résumé.md'), type: '', data: '# Hi' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const second = fileUploadResponseSchema.parse(response.json());
    expect(second).toMatchObject({
      temp_file_id: tempId,
      filename: 'résumé.md',
      type: 'text/markdown',
      bytes: 4,
      source: 'local',
      context: 'message_attachment',
      usage: 0,
      message: 'File uploaded and processed successfully',
    });
    expect(second.filepath).toMatch(
      new RegExp(`^/api/files/content/${second.file_id}\\?exp=\\d+&sig=[\\w-]{43}$`),
    );

    const listed = fileListSchema.parse((await get('/api/files', alice)).json());
    expect(listed.map((file) => file.file_id)).toEqual([second.file_id, first.file_id]);

    const content = await get(second.filepath);
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe('# Hi');
    expect(content.headers['content-type']).toBe('application/octet-stream');
    expect(content.headers['content-disposition']).toMatch(/^attachment;/);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('serves a script through its signed link as application/octet-stream, never as script', async () => {
    const alice = await user();
    const response = await post(alice, '/api/files', [
      ...fields(),
      { name: 'file', filename: 'evil.js', type: 'text/javascript', data: 'alert(document.cookie)' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const file = fileUploadResponseSchema.parse(response.json());
    const served = await get(file.filepath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('has no HEAD route for file bytes (405, GET allowed), while GET still serves them', async () => {
    const alice = await user();
    const file = await upload(alice, 'head.txt', 'some bytes');
    const head = await app.inject({ method: 'HEAD', url: file.filepath });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toContain('GET');
    const download = `/api/files/download/${alice.user.id}/${file.file_id}`;
    expect((await app.inject({ method: 'HEAD', url: download, headers: alice.headers })).statusCode).toBe(
      405,
    );
    const served = await get(file.filepath);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('some bytes');
  });

  it('answers the merged file config', async () => {
    const alice = await user();
    const response = await get('/api/files/config', alice);
    expect(response.statusCode).toBe(200);
    const merged = fileConfigSchema.parse(response.json());
    expect(merged.serverFileSizeLimit).toBe(0.05 * MEGABYTE);
    expect(merged.endpoints.default?.fileLimit).toBe(10);
    expect(merged.endpoints.bingAI).toMatchObject({ disabled: true, fileLimit: 0 });
    expect((await get('/api/files/config')).statusCode).toBe(401);
  });

  describe('refuses uploads it cannot take, in words', () => {
    it('without a file part, or with the file in another field', async () => {
      const alice = await user();
      const none = await post(alice, '/api/files', fields());
      expect(none.statusCode).toBe(400);
      expect(message(none)).toBe('No file was uploaded: send it in the "file" field.');
      const wrong = await post(alice, '/api/files', [
        ...fields(),
        { name: 'upload', filename: 'a.txt', data: 'x' },
      ]);
      expect(wrong.statusCode).toBe(400);
      expect(message(wrong)).toMatch(/send it in the "file" field \(the file came in another field\)/);
    });

    it('when the body is not multipart, or is broken multipart', async () => {
      const alice = await user();
      const json = await app.inject({
        method: 'POST',
        url: '/api/files',
        headers: alice.headers,
        payload: { a: 1 },
      });
      expect(json.statusCode).toBe(400);
      expect(message(json)).toMatch(/multipart\/form-data/);
      const broken = await app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...alice.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '{"not":"multipart"}',
      });
      expect(broken.statusCode).toBe(400);
      expect(message(broken)).toMatch(/could not be read/);
    });

    it('above the server limit with 413, above the endpoint limit with 400', async () => {
      const alice = await user();
      const big = Buffer.alloc(0.05 * MEGABYTE + 1, 'a');
      const tooLarge = await post(alice, '/api/files', [
        ...fields(),
        { name: 'file', filename: 'big.txt', data: big },
      ]);
      expect(tooLarge.statusCode).toBe(413);
      expect(message(tooLarge)).toBe('The file is too large: the server accepts files up to 0.05 MB.');
      const forGoogle = await post(alice, '/api/files', [
        ...fields('google'),
        { name: 'file', filename: 'a.txt', data: Buffer.alloc(2000, 'a') },
      ]);
      expect(forGoogle.statusCode).toBe(413);
      expect(message(forGoogle)).toBe('File size exceeds 0 MB.');
    });

    it('of an unsupported type, for a disabled endpoint, or without an endpoint', async () => {
      const alice = await user();
      const video = await post(alice, '/api/files', [
        ...fields(),
        { name: 'file', filename: 'clip.mp4', type: 'video/mp4', data: 'x' },
      ]);
      expect(video.statusCode).toBe(415);
      expect(message(video)).toBe('Currently, unsupported file type: video/mp4');
      const disabled = await post(alice, '/api/files', [
        ...fields('bingAI'),
        { name: 'file', filename: 'a.txt', data: 'x' },
      ]);
      expect(disabled.statusCode).toBe(400);
      expect(message(disabled)).toBe('File uploads are disabled for the bingAI endpoint.');
      const noEndpoint = await post(alice, '/api/files', [
        { name: 'file_id', value: randomUUID() },
        { name: 'file', filename: 'a.txt', data: 'x' },
      ]);
      expect(noEndpoint.statusCode).toBe(400);
      expect(message(noEndpoint)).toBe('An error occurred while uploading the file: Endpoint is undefined');
      expect(fileListSchema.parse((await get('/api/files', alice)).json())).toEqual([]);
    });
  });

  it('resizes images without enlarging them, tighter for anthropic', async () => {
    const alice = await user();
    const image = async (endpoint: string, width: number, height: number) => {
      const response = await post(alice, '/api/files/images', [
        ...fields(endpoint),
        { name: 'file', filename: 'wide.PNG', type: 'image/png', data: await png(width, height) },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return fileUploadResponseSchema.parse(response.json());
    };
    const wide = await image('openAI', 3000, 1000);
    expect(wide).toMatchObject({ width: 2000, height: 667, type: 'image/png', filename: 'wide.png' });
    const served = await get(wide.filepath);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([2000, 667]);
    expect(await image('anthropic', 3000, 1000)).toMatchObject({ width: 1568, height: 523 });
    expect(await image('openAI', 1000, 1600)).toMatchObject({ width: 768, height: 1229 });
    expect(await image('openAI', 100, 50)).toMatchObject({ width: 100, height: 50 });

    const fake = await post(alice, '/api/files/images', [
      ...fields(),
      { name: 'file', filename: 'fake.png', type: 'image/png', data: 'not a png' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(message(fake)).toMatch(/not an image/);
  });

  it('makes an uploaded avatar the user’s avatar, loadable without a bearer header', async () => {
    const alice = await user();
    const response = await post(alice, '/api/files/images/avatar', [
      { name: 'manual', value: 'true' },
      { name: 'input', filename: 'me.png', type: 'image/png', data: await png(300, 200) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = avatarUploadResponseSchema.parse(response.json());
    const me = userSchema.parse((await get('/api/user', alice)).json());
    expect(me.avatar).toBe(url);
    const picture = await get(url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const metadata = await sharp(picture.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([150, 150]);
    // Avatars are not attachments: "My files" leaves them out.
    expect(fileListSchema.parse((await get('/api/files', alice)).json())).toEqual([]);
  });

  it('refuses an avatar above avatarSizeLimit or that is not an image', async () => {
    const alice = await user();
    const tooBig = await post(alice, '/api/files/images/avatar', [
      { name: 'manual', value: 'true' },
      { name: 'input', filename: 'me.png', type: 'image/png', data: Buffer.alloc(0.01 * MEGABYTE + 1) },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(message(tooBig)).toBe('The avatar is too large: it may be at most 0.01 MB.');
    const svg = await post(alice, '/api/files/images/avatar', [
      { name: 'manual', value: 'true' },
      {
        name: 'input',
        filename: 'me.svg',
        type: 'image/svg+xml',
        data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
    ]);
    expect(svg.statusCode).toBe(400);
    expect(message(svg)).toMatch(/png, jpeg, gif or webp/);
    expect(userSchema.parse((await get('/api/user', alice)).json()).avatar).toBeNull();
  });

  it('downloads only the caller’s own files, with a UTF-8 name and metadata', async () => {
    const [alice, bob] = [await user(), await user()];
    const file = await upload(alice, encodeURIComponent('отчёт "final".txt'), 'данные');
    const url = `/api/files/download/${alice.user.id}/${file.file_id}`;
    const response = await get(url, alice);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('данные');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_____ _final_.txt"; filename*=UTF-8''${encodeURIComponent('отчёт "final".txt')}`,
    );
    const metadata = fileSchema.parse(JSON.parse(String(response.headers['x-file-metadata'])));
    expect(metadata).toMatchObject({ file_id: file.file_id, filename: 'отчёт "final".txt' });

    expect((await get(url, bob)).statusCode).toBe(404);
    expect((await get(`/api/files/download/${bob.user.id}/${file.file_id}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/files/download/${alice.user.id}/not-a-uuid`, alice)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('serves nothing through a link with a tampered or missing signature', async () => {
    const alice = await user();
    const file = await upload(alice);
    const [path, query = ''] = file.filepath.split('?');
    const sig = new URLSearchParams(query).get('sig') ?? '';
    const exp = new URLSearchParams(query).get('exp') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}`,
      `${path}?sig=${sig}`,
      `${path}?exp=${exp}&sig=`,
      `/api/files/content/${randomUUID()}?exp=${exp}&sig=${sig}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(message(response)).toBe('File not found');
    }
  });

  it('deletes only the caller’s files, rows and bytes', async () => {
    const [alice, bob] = [await user(), await user()];
    const file = await upload(alice);
    const asBob = await app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: bob.headers,
      payload: { files: [{ file_id: file.file_id }, { file_id: 'junk' }] },
    });
    expect(asBob.json()).toEqual({ message: 'Files deleted successfully', deleted: 0 });
    expect((await get(file.filepath)).statusCode).toBe(200);
    expect(fileListSchema.parse((await get('/api/files', bob)).json())).toEqual([]);

    const asAlice = await app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: alice.headers,
      payload: { files: [{ file_id: file.file_id.toUpperCase(), filepath: file.filepath }] },
    });
    expect(asAlice.json()).toEqual({ message: 'Files deleted successfully', deleted: 1 });
    expect((await get(file.filepath)).statusCode).toBe(404);
    expect(fileListSchema.parse((await get('/api/files', alice)).json())).toEqual([]);

    const empty = await app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: alice.headers,
      payload: { files: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describeEachEngine('file upload limits', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    const env = yamlEnv('rateLimits:\n  fileUploads:\n    userMax: 2\n', { FILE_UPLOAD_USER_MAX: '50' });
    ({ app, config } = await buildAppOn(getDatabase(), { env }));
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past the YAML per-user limit, for every upload route', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { password: null });
    const send = (url: string) => {
      const { payload, headers } = multipartBody([
        { name: 'file_id', value: randomUUID() },
        { name: 'endpoint', value: 'openAI' },
        { name: 'file', filename: 'a.txt', data: 'x' },
      ]);
      return app.inject({ method: 'POST', url, payload, headers: { ...alice.headers, ...headers } });
    };
    expect((await send('/api/files')).statusCode).toBe(200);
    expect((await send('/api/files')).statusCode).toBe(200);
    for (const url of ['/api/files', '/api/files/images', '/api/files/images/avatar']) {
      const refused = await send(url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toMatchObject({
        message: 'Too many file upload requests. Try again later',
        code: 'file_upload_limit',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    }
    const bob = await createTestUser({ database: getDatabase(), config }, { password: null });
    expect((await app.inject({ url: '/api/files', headers: bob.headers })).statusCode).toBe(200);
  });
});

describeEachEngine('per-user storage quota', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    // 0.01 MB = 10,486 bytes.
    ({ app, config } = await buildAppOn(getDatabase(), {
      env: yamlEnv('fileConfig:\n  userStorageLimit: 0.01\n'),
    }));
  });
  afterAll(() => app.close());

  const send = (owner: TestUser, data: string) => {
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'a.txt', type: 'text/plain', data },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...owner.headers, ...headers },
    });
  };
  const usage = async (owner: TestUser) =>
    (await app.inject({ url: '/api/files/usage', headers: owner.headers })).json() as unknown;

  it('refuses an upload past the limit with 413 and a clear message, per user, until files are deleted', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { password: null });
    const bob = await createTestUser({ database: getDatabase(), config }, { password: null });
    expect(await usage(alice)).toEqual({ used: 0, limit: 10_486 });
    const first = await send(alice, 'a'.repeat(6000));
    expect(first.statusCode, first.body).toBe(200);
    expect(await usage(alice)).toEqual({ used: 6000, limit: 10_486 });
    const refused = await send(alice, 'b'.repeat(6000));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      message:
        'Storage limit reached: your files take 0.01 MB of your 0.01 MB. Delete some files to upload more.',
    });
    // Nothing of the refused file was kept.
    expect(await usage(alice)).toEqual({ used: 6000, limit: 10_486 });
    // Bob's quota is his own.
    expect((await send(bob, 'c'.repeat(6000))).statusCode).toBe(200);
    const fileId = (first.json() as { file_id: string }).file_id;
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: alice.headers,
      payload: { files: [{ file_id: fileId, filepath: 'x' }] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await send(alice, 'b'.repeat(6000))).statusCode).toBe(200);
  });

  it('tells the client the limit in its file config (null without one)', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { password: null });
    const response = await app.inject({ url: '/api/files/config', headers: alice.headers });
    expect(response.json()).toMatchObject({ userStorageLimit: 10_486 });
  });
});
