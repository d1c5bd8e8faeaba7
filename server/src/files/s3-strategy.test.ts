import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploadResponseSchema } from '@parley/shared/schemas/file';
import { buildTestApp, tempDir, testConfig, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { ConfigError } from '../config/config-error';
import { startTestS3Server, type TestS3Server } from '../storage/s3-test-server';
import { multipartBody } from './test-multipart';

const upload = (app: TestApp, auth: Record<string, string>, filename: string, data: Buffer, type: string) => {
  const { payload, headers } = multipartBody([
    { name: 'file_id', value: randomUUID() },
    { name: 'endpoint', value: 'openAI' },
    { name: 'file', filename, type, data },
  ]);
  return app.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...auth, ...headers } });
};

const configFile = (yaml: string): string => {
  const path = join(tempDir('parley-strategy-'), 'librechat.yaml');
  writeFileSync(path, `version: 1.0.8\n${yaml}`);
  return path;
};

describe('fileStrategy: s3', () => {
  let s3: TestS3Server;
  let testApp: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    testApp = await buildTestApp({ env: { ...s3.env, CONFIG_PATH: configFile('fileStrategy: s3\n') } });
  });
  afterAll(async () => {
    await testApp.close();
    await s3.close();
  });

  it('keeps uploads in the bucket and serves them back', async () => {
    const alice = await createTestUser(testApp, { password: null });
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'in-s3.txt', type: 'text/plain', data: 'stored in a bucket' },
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...alice.headers, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = fileUploadResponseSchema.parse(response.json());
    expect(file.source).toBe('s3');
    const content = await testApp.app.inject({ url: file.filepath });
    expect(content.body).toBe('stored in a bucket');
  });

  it('streams a multi-megabyte upload into the bucket byte for byte, leaving no temporary file', async () => {
    const alice = await createTestUser(testApp, { password: null });
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const response = await upload(testApp, alice.headers, 'blob.zip', data, 'application/zip');
    expect(response.statusCode, response.body).toBe(200);
    const file = fileUploadResponseSchema.parse(response.json());
    const content = await testApp.app.inject({ url: file.filepath });
    expect(content.rawPayload.equals(data)).toBe(true);
    expect(readdirSync(join(testApp.config.server.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('fileStrategy: s3 with the bucket unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: every call to the storage fails.
    const env = {
      AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
      AWS_REGION: 'us-east-1',
      AWS_BUCKET_NAME: 'nowhere',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
      CONFIG_PATH: configFile('fileStrategy: s3\n'),
    };
    testApp = await buildTestApp({ env });
  });
  afterAll(() => testApp.close());

  it('answers 503 in words, keeping no row and no temporary file', async () => {
    const alice = await createTestUser(testApp, { password: null });
    const response = await upload(testApp, alice.headers, 'a.txt', Buffer.from('x'), 'text/plain');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The file storage is not available right now. Please try again later.',
    });
    const listed = await testApp.app.inject({ url: '/api/files', headers: alice.headers });
    expect(listed.json()).toEqual([]);
    expect(readdirSync(join(testApp.config.server.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('fileStrategy at start-up', () => {
  it.for(['firebase', 'openai', 'vectordb'])('refuses %s with a message naming the key', (strategy) => {
    const env = { CONFIG_PATH: configFile(`fileStrategy: ${strategy}\n`) };
    expect(() => testConfig(env)).toThrow(ConfigError);
    expect(() => testConfig(env)).toThrow(`fileStrategy: "${strategy}" is not supported by Parley`);
  });

  it('needs a bucket for s3', () => {
    const env = { CONFIG_PATH: configFile('fileStrategy: s3\n') };
    expect(() => testConfig(env)).toThrow('AWS_BUCKET_NAME: is required');
  });

  it('keeps local files under DATA_DIR/uploads by default', () => {
    const config = testConfig();
    expect(config.fileStorage).toEqual({ kind: 'local', root: join(config.server.dataDir, 'uploads') });
  });
});
