import { generateKeyPairSync, verify } from 'node:crypto';
import { ApiError, GoogleGenAI } from '@google/genai';
import type { GenerateContentResponse } from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle } from './google-server';
import type { FakeGoogle } from './google-server';

let fake: FakeGoogle;

beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function client(apiKey = 'goog-test'): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fake.url } });
}

const contents = [{ role: 'user', parts: [{ text: 'Say something.' }] }];
const model = 'gemini-1.5-pro';

async function collect(stream: AsyncIterable<GenerateContentResponse>): Promise<GenerateContentResponse[]> {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const textsOf = (chunks: readonly GenerateContentResponse[]): string[] =>
  chunks
    .flatMap((c) => c.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '') ?? [])
    .filter((t) => t !== '');

describe('streamGenerateContent', () => {
  it('streams text chunks, then a last chunk with finishReason STOP and full usage', async () => {
    fake.script({
      replies: [{ chunks: ['Hel', 'lo'], usage: { promptTokenCount: 7, candidatesTokenCount: 2 } }],
    });

    const chunks = await collect(await client().models.generateContentStream({ model, contents }));

    expect(textsOf(chunks)).toEqual(['Hel', 'lo']);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 2 });
    expect(fake.requests[0]?.path).toBe(`/v1beta/models/${model}:streamGenerateContent`);
    expect(fake.requests[0]?.query).toEqual({ alt: 'sse' });
  });

  it('frames each chunk as data: JSON followed by CRLF CRLF with no [DONE]', async () => {
    const response = await fetch(`${fake.url}/v1/models/${model}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      body: JSON.stringify({ contents }),
    });
    const raw = await response.text();

    expect(raw.endsWith('\r\n\r\n')).toBe(true);
    expect(raw).not.toContain('[DONE]');
    expect(
      raw
        .split('\r\n\r\n')
        .filter((f) => f !== '')
        .every((f) => f.startsWith('data: {')),
    ).toBe(true);
  });

  it('ends with finishReason SAFETY and no content when a safety stop is scripted', async () => {
    fake.script({ replies: [{ chunks: ['Well'], finishReason: 'SAFETY' }] });

    const chunks = await collect(await client().models.generateContentStream({ model, contents }));

    const last = chunks.at(-1)?.candidates?.[0];
    expect(textsOf(chunks)).toEqual(['Well']);
    expect(last?.finishReason).toBe('SAFETY');
    expect(last?.content).toBeUndefined();
    expect(last?.safetyRatings?.some((r) => r.blocked === true)).toBe(true);
  });

  it('answers a blocked prompt with promptFeedback.blockReason and no candidates', async () => {
    fake.script({ replies: [{ blockReason: 'SAFETY' }] });

    const chunks = await collect(await client().models.generateContentStream({ model, contents }));

    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.promptFeedback?.blockReason).toBe('SAFETY');
    expect(chunks[0]?.candidates).toBeUndefined();
  });

  it('streams scripted function calls as functionCall parts', async () => {
    fake.script({ replies: [{ functionCalls: [{ name: 'weather', args: { city: 'Paris' } }] }] });

    const chunks = await collect(await client().models.generateContentStream({ model, contents }));

    expect(chunks.flatMap((c) => c.functionCalls ?? [])).toEqual([
      { name: 'weather', args: { city: 'Paris' } },
    ]);
  });

  it('destroys the socket after the scripted number of chunks', async () => {
    fake.script({ replies: [{ chunks: ['a', 'b', 'c'], dropAfterChunks: 1 }] });
    const seen: GenerateContentResponse[] = [];

    const error = await (async () => {
      for await (const chunk of await client().models.generateContentStream({ model, contents }))
        seen.push(chunk);
    })().then(
      () => null,
      (e: unknown) => e,
    );

    expect(textsOf(seen)).toEqual(['a']);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('generateContent', () => {
  it('answers with the whole reply in one response', async () => {
    fake.script({ replies: [{ text: 'All at once.', finishReason: 'MAX_TOKENS' }] });

    const response = await client().models.generateContent({ model, contents });

    expect(response.text).toBe('All at once.');
    expect(response.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
  });
});

describe('errors and requests', () => {
  it.each([
    [401, 'UNAUTHENTICATED'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
  ])('answers a scripted %i with a Google error body of status %s', async (code, status) => {
    fake.script({ replies: [{ error: { status: code } }] });

    const error = await apiErrorOf(client().models.generateContentStream({ model, contents }));

    expect(error.status).toBe(code);
    expect(JSON.parse(error.message)).toMatchObject({ error: { code, status } });
  });

  it('answers a wrong key with 400 API_KEY_INVALID, as the Gemini API does', async () => {
    fake.script({ apiKey: 'right' });

    const error = await apiErrorOf(client('wrong').models.generateContent({ model, contents }));

    expect(error.status).toBe(400);
    expect(error.message).toContain('API_KEY_INVALID');
    await expect(client('right').models.generateContent({ model, contents })).resolves.toBeDefined();
  });

  it('rejects contents that do not alternate between user and model', async () => {
    const twoUsers = [...contents, { role: 'user', parts: [{ text: 'Again.' }] }];

    const error = await apiErrorOf(client().models.generateContent({ model, contents: twoUsers }));

    expect(error.status).toBe(400);
    expect(error.message).toContain('alternate between user and model');
  });

  it('records the body genai sends: contents, systemInstruction and generationConfig', async () => {
    await client().models.generateContent({
      model,
      contents,
      config: { systemInstruction: 'Be brief.', temperature: 0.2, maxOutputTokens: 50 },
    });

    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('goog-test');
    expect(fake.requests[0]?.body).toEqual({
      contents,
      systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' },
      generationConfig: { temperature: 0.2, maxOutputTokens: 50 },
    });
  });

  it('lists the scripted models through the SDK pager', async () => {
    fake.script({ models: ['gemini-a', 'gemini-b'] });

    const names: string[] = [];
    for await (const entry of await client().models.list()) names.push(entry.name ?? '');

    expect(names).toEqual(['models/gemini-a', 'models/gemini-b']);
  });

  it('refuses a malformed script over HTTP with the path of the problem', async () => {
    const response = await fetch(`${fake.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ replies: [{ finishReason: 'stop' }] }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/^script\.replies\[0\]\.finishReason: must be one of/),
    });
  });
});

describe('Vertex AI behind the OAuth token endpoint', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  /** genai's auth library always posts to Google's token URL; this sends that one call to the fake. */
  function toFakeTokenUri(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const target = input instanceof Request ? input.url : String(input);
    return fetch(target === 'https://oauth2.googleapis.com/token' ? fake.tokenUri : input, init);
  }

  function vertexClient(): GoogleGenAI {
    return new GoogleGenAI({
      vertexai: true,
      project: 'proj-1',
      location: 'us-central1',
      googleAuthOptions: {
        credentials: { client_email: 'bot@proj-1.iam.gserviceaccount.com', private_key: pem },
        clientOptions: { transporterOptions: { fetchImplementation: toFakeTokenUri } },
      },
      httpOptions: { baseUrl: fake.url },
    });
  }

  it('issues a token for a signed service-account JWT and streams on the Vertex route with it', async () => {
    fake.script({ replies: [{ chunks: ['Vertex', ' says hi'] }] });

    const chunks = await collect(await vertexClient().models.generateContentStream({ model, contents }));

    expect(textsOf(chunks)).toEqual(['Vertex', ' says hi']);
    const [issued] = fake.issuedTokens;
    expect(issued?.claims).toMatchObject({
      iss: 'bot@proj-1.iam.gserviceaccount.com',
      aud: 'https://oauth2.googleapis.com/token',
    });
    const [header, payload, signature] = (issued?.assertion ?? '').split('.');
    expect(
      verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature ?? '', 'base64url'),
      ),
    ).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1beta1/projects/proj-1/locations/us-central1/publishers/google/models/${model}:streamGenerateContent`,
      headers: { authorization: `Bearer ${issued?.accessToken}` },
    });
  });

  it('answers a Vertex call without a token it issued with 401 UNAUTHENTICATED', async () => {
    const response = await fetch(
      `${fake.url}/v1beta1/projects/p/locations/l/publishers/google/models/${model}:generateContent`,
      { method: 'POST', headers: { authorization: 'Bearer made-up' }, body: JSON.stringify({ contents }) },
    );

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});
