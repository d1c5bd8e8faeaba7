import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { files, usageLedger } from '../db/schema';
import { createKnowledgeService, type KnowledgeService } from '../knowledge/service';
import { knowledgeSettings } from '../knowledge/settings';
import { embeddingBillOf } from './embedding-port';
import { createLedgerService } from './service';

let fake: FakeOpenAI;
let dir: string;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  dir = await mkdtemp(join(tmpdir(), 'parley-embedding-billing-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, index) => `Paragraph ${index} tells of harbour number ${index}.`).join(
    '\n\n',
  );

describeEachEngine('ledger: embeddings calls are billed', (getDb, { getDatabase }) => {
  const services: KnowledgeService[] = [];
  afterAll(() => Promise.all(services.map((service) => service.close())));

  function knowledgeWithLedger(): KnowledgeService {
    const ledger = createLedgerService({ db: getDb(), balance: { enabled: true, startBalance: 1_000_000 } });
    const env = {
      RAG_OPENAI_API_KEY: 'sk-embed',
      RAG_OPENAI_BASEURL: fake.baseURL,
      EMBEDDINGS_MODEL: 'fake-embed',
    };
    const created = createKnowledgeService({
      db: getDb(),
      settings: { ...knowledgeSettings(env), chunkSize: 300, chunkOverlap: 30 },
      maxFileBytes: 10 * 1024 * 1024,
      wholeTextCharacters: 100_000,
      embeddingRetryDelayMs: 10,
      billEmbedding: embeddingBillOf(ledger),
    });
    services.push(created);
    return created;
  }

  it('writes one embedding row per indexing batch and per question, to the file’s owner', async () => {
    const knowledge = knowledgeWithLedger();
    const alice = await createTestUser(getDatabase());
    const path = join(dir, `${randomUUID()}.md`);
    await writeFile(path, paragraphs(80));
    const extracted = await knowledge.extract(path, 'text/markdown');
    if (extracted?.state !== 'indexed') throw new Error('not indexed');
    const [file] = await getDb()
      .insert(files)
      .values({ userId: alice.user.id, filename: 'a.md', filepath: 'x', type: 'text/markdown', bytes: 1 })
      .returning();
    if (!file) throw new Error('no file row');
    fake.reset();
    await knowledge.index(alice.user.id, file.fileId, extracted.chunks);
    await knowledge.embeddingIdle();
    const indexingCalls = fake.requests.filter((request) => request.path === '/v1/embeddings').length;
    expect(extracted.chunks.length).toBeGreaterThan(1);
    expect(indexingCalls).toBeGreaterThanOrEqual(1);

    const rowsOf = () =>
      getDb()
        .select()
        .from(usageLedger)
        .where(and(eq(usageLedger.userId, alice.user.id), eq(usageLedger.kind, 'embedding')));
    const indexed = await rowsOf();
    expect(indexed).toHaveLength(indexingCalls);
    for (const row of indexed) {
      expect(row).toMatchObject({
        endpoint: 'openai',
        model: 'fake-embed',
        completionTokens: 0,
        userLabel: alice.user.email,
      });
      expect(row.promptTokens).toBeGreaterThan(0);
      expect(Number(row.credits)).toBeGreaterThan(0);
      expect(row.requestId).toMatch(new RegExp(`^embedding:${file.fileId}:\\d+$`));
    }
    // The fake counts ⌈characters / 4⌉ per text: the rows carry the provider's count.
    const chunkTokens = extracted.chunks.reduce((sum, chunk) => sum + Math.ceil(chunk.text.length / 4), 0);
    expect(indexed.reduce((sum, row) => sum + row.promptTokens, 0)).toBe(chunkTokens);

    // A retrieval question is one more call, billed to whoever asks.
    await knowledge.search(alice.user.id, [file.fileId], 'which harbour is number 7', 2);
    const after = await rowsOf();
    expect(after).toHaveLength(indexingCalls + 1);
    const question = after.find((row) => !row.requestId.startsWith('embedding:'));
    expect(question).toMatchObject({
      promptTokens: Math.ceil('which harbour is number 7'.length / 4),
      model: 'fake-embed',
      endpoint: 'openai',
    });
    expect(question?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
