import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { fileChunks, files } from '../db/schema';
import { createEmbedder } from './embeddings';
import { createKnowledgeService, type KnowledgeService } from './service';
import { knowledgeSettings } from './settings';
import { makePdf } from './test-documents';

let fake: FakeOpenAI;
let dir: string;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  dir = await mkdtemp(join(tmpdir(), 'parley-knowledge-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const topic = (name: string, fact: string) =>
  `${Array.from({ length: 30 }, (_, index) => `Paragraph ${index} about ${name} covers ordinary matters.`).join('\n\n')}\n\n${fact}`;

describeEachEngine('knowledge: index and hybrid retrieval', (getDb, { getDatabase }) => {
  const services: KnowledgeService[] = [];
  afterAll(() => Promise.all(services.map((service) => service.close())));

  function service(embeddings: boolean): KnowledgeService {
    const env = embeddings
      ? { RAG_OPENAI_API_KEY: 'sk-embed', RAG_OPENAI_BASEURL: fake.baseURL, EMBEDDINGS_MODEL: 'fake-embed' }
      : {};
    const settings = { ...knowledgeSettings(env), chunkSize: 300, chunkOverlap: 30 };
    const created = createKnowledgeService({
      db: getDb(),
      settings,
      maxFileBytes: 10 * 1024 * 1024,
      wholeTextCharacters: 100_000,
      embeddingRetryDelayMs: 10,
    });
    services.push(created);
    return created;
  }

  async function addFile(
    knowledge: KnowledgeService,
    userId: string,
    name: string,
    bytes: Buffer | string,
    type: string,
  ) {
    const path = join(dir, `${randomUUID()}-${name}`);
    await writeFile(path, bytes);
    const extracted = await knowledge.extract(path, type);
    const [row] = await getDb()
      .insert(files)
      .values({ userId, filename: name, filepath: `${userId}/${name}`, type, bytes: 1, text: null })
      .returning();
    if (!row || extracted?.state !== 'indexed') throw new Error(`${name} was not indexed`);
    await knowledge.index(userId, row.fileId, extracted.chunks);
    await getDb().update(files).set({ textState: 'indexed' }).where(eq(files.fileId, row.fileId));
    return row.fileId;
  }

  it('finds a fact by full text alone, only in the caller’s files, and forgets a deleted file', async () => {
    const knowledge = service(false);
    const [alice, bob] = [await createTestUser(getDatabase()), await createTestUser(getDatabase())];
    const pdf = await makePdf([
      'Cover page of the harbour report.',
      'The lighthouse keeper is named Ingrid Solberg.',
    ]);
    const report = await addFile(knowledge, alice.user.id, 'report.pdf', pdf, 'application/pdf');
    const notes = await addFile(
      knowledge,
      alice.user.id,
      'notes.md',
      topic('gardens', 'Tulips bloom in April.'),
      'text/markdown',
    );
    const [hit] = await knowledge.search(alice.user.id, [report, notes], 'Who is the lighthouse keeper?', 3);
    expect(hit).toMatchObject({ fileId: report, page: 2 });
    expect(hit?.text).toContain('Ingrid Solberg');
    const [tulips] = await knowledge.search(alice.user.id, [report, notes], 'When do tulips bloom?', 3);
    expect(tulips).toMatchObject({ fileId: notes, page: null });
    expect(tulips?.text).toContain('Tulips bloom in April.');
    // Bob names Alice's file: nothing comes back.
    expect(await knowledge.search(bob.user.id, [report, notes], 'lighthouse keeper', 3)).toEqual([]);
    await getDb().delete(files).where(eq(files.fileId, report));
    expect(await getDb().select().from(fileChunks).where(eq(fileChunks.fileId, report))).toEqual([]);
  });

  it('embeds in the background through 429 and 500, then fuses vector and full-text results', async () => {
    const knowledge = service(true);
    const alice = await createTestUser(getDatabase());
    fake.reset();
    fake.failEmbeddings([429, 500]);
    const fileId = await addFile(
      knowledge,
      alice.user.id,
      'city.txt',
      topic('the city', 'The mayor rides a red bicycle to work.'),
      'text/plain',
    );
    // Full text works before the vectors exist.
    const [early] = await knowledge.search(alice.user.id, [fileId], 'red bicycle', 2);
    expect(early?.text).toContain('red bicycle');
    await knowledge.embeddingIdle();
    const [row] = await getDb().select().from(files).where(eq(files.fileId, fileId));
    expect(row).toMatchObject({ embedded: true, embeddingsModel: 'fake-embed' });
    const chunks = await getDb().select().from(fileChunks).where(eq(fileChunks.fileId, fileId));
    expect(chunks.every((chunk) => chunk.embedding?.length === 256)).toBe(true);
    const embeddingCalls = fake.requests.filter((request) => request.path === '/v1/embeddings');
    expect(embeddingCalls.length).toBeGreaterThanOrEqual(3);
    // Both lists rank the passage first, so the fused list does too.
    const [hit] = await knowledge.search(alice.user.id, [fileId], 'how does the mayor get to work', 1);
    expect(hit?.text).toContain('The mayor rides a red bicycle to work.');
  });

  it('re-embeds a file made with another model', async () => {
    const alice = await createTestUser(getDatabase());
    const first = service(true);
    const fileId = await addFile(first, alice.user.id, 'a.txt', 'Alpha beta gamma.', 'text/plain');
    await first.embeddingIdle();
    await getDb().update(files).set({ embeddingsModel: 'older-model' }).where(eq(files.fileId, fileId));
    const embedder = createEmbedder({
      provider: 'openai',
      model: 'fake-embed',
      apiKey: 'k',
      baseURL: fake.baseURL,
    });
    const second = createKnowledgeService({
      db: getDb(),
      settings: knowledgeSettings({}),
      maxFileBytes: 1024,
      wholeTextCharacters: 1024,
      ...(embedder ? { embedder } : {}),
    });
    services.push(second);
    await second.embeddingIdle();
    const [row] = await getDb().select().from(files).where(eq(files.fileId, fileId));
    expect(row).toMatchObject({ embedded: true, embeddingsModel: 'fake-embed' });
  });
});
