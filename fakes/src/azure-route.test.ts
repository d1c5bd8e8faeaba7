import { APIError, AzureOpenAI } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from './openai-server';
import type { FakeOpenAI } from './openai-server';

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function azure(apiKey = 'azure-key', apiVersion = '2024-02-15-preview'): AzureOpenAI {
  return new AzureOpenAI({
    apiKey,
    apiVersion,
    endpoint: fake.url,
    deployment: 'gpt4-prod',
    maxRetries: 0,
  });
}

const messages = [{ role: 'user' as const, content: 'Hi Azure.' }];

async function errorOf(promise: Promise<unknown>): Promise<APIError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

describe('Azure OpenAI chat completions', () => {
  it('streams a scripted reply on the deployment route and records deployment and api-version', async () => {
    fake.script({ apiKey: 'azure-key', replies: [{ chunks: ['Az', 'ure'] }] });

    const stream = await azure().chat.completions.create({ model: 'gpt-4', messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';

    expect(text).toBe('Azure');
    const [request] = fake.requests;
    expect(request?.path).toBe('/openai/deployments/gpt4-prod/chat/completions');
    expect(request?.query).toEqual({ 'api-version': '2024-02-15-preview' });
    expect(request?.headers['api-key']).toBe('azure-key');
    expect(request?.azure).toEqual({ deployment: 'gpt4-prod', apiVersion: '2024-02-15-preview' });
  });

  it('answers a body without a model as the deployment', async () => {
    const response = await fetch(
      `${fake.url}/openai/deployments/dep-1/chat/completions?api-version=2024-06-01`,
      {
        method: 'POST',
        headers: { 'api-key': 'k', 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      },
    );
    const body = (await response.json()) as { model: string };

    expect(response.status).toBe(200);
    expect(body.model).toBe('dep-1');
  });

  it("rejects a wrong api-key with Azure's 401 body without using up a reply", async () => {
    fake.script({ apiKey: 'azure-key', replies: [{ text: 'kept' }] });

    const error = await errorOf(azure('wrong').chat.completions.create({ model: 'gpt-4', messages }));

    expect(error.status).toBe(401);
    expect(error.code).toBe('401');
    expect(error.message).toContain('Access denied');
    expect(fake.requests[0]?.azure?.deployment).toBe('gpt4-prod');
    const reply = await azure().chat.completions.create({ model: 'gpt-4', messages });
    expect(reply.choices[0]?.message.content).toBe('kept');
  });

  it('answers 404 Resource not found when api-version is missing', async () => {
    const response = await fetch(`${fake.url}/openai/deployments/dep-1/chat/completions`, {
      method: 'POST',
      headers: { 'api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
    expect(fake.requests[0]?.azure).toEqual({ deployment: 'dep-1', apiVersion: null });
  });

  it('serves scripted errors on the Azure route too', async () => {
    fake.script({ replies: [{ error: { status: 429, code: '429', message: 'Rate limit is exceeded.' } }] });

    const error = await errorOf(azure().chat.completions.create({ model: 'gpt-4', messages }));

    expect(error.status).toBe(429);
    expect(error.message).toContain('Rate limit is exceeded.');
  });
});
