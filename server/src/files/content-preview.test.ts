import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadResponseSchema } from '@parley/shared/schemas/file';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { makePdf } from '../knowledge/test-documents';
import { multipartBody } from './test-multipart';

// Issue 23: a source opens in an in-app preview, a PDF in the browser's own viewer at the cited page. The
// signed link serves a PDF inline, with its type, only when asked (`inline=1`); a download stays a download,
// and no other type is ever shown inline that way.

describeEachEngine('file content shown in a preview', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());

  const upload = async (owner: TestUser, filename: string, type: string, data: Buffer | string) => {
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename, type, data },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...owner.headers, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return fileUploadResponseSchema.parse(response.json());
  };

  it('serves a PDF inline as application/pdf when asked, under the same sandboxing CSP', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { password: null });
    const pdf = await upload(alice, 'orchard-report.pdf', 'application/pdf', await makePdf(['One', 'Two']));

    const shown = await app.inject({ url: `${pdf.filepath}&inline=1` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="orchard-report.pdf"/);
    expect(shown.headers['content-security-policy']).toContain('sandbox');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const saved = await app.inject({ url: pdf.filepath });
    expect(saved.headers['content-type']).toBe('application/octet-stream');
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('never shows another type inline, whatever the link asks', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { password: null });
    const page = await upload(alice, 'page.html', 'text/html', '<script>alert(1)</script>');
    const served = await app.inject({ url: `${page.filepath}&inline=1` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
