import OpenAI, { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
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

function client(apiKey = 'sk-test'): OpenAI {
  return new OpenAI({ apiKey, baseURL: fake.baseURL, maxRetries: 0 });
}

const messages = [{ role: 'user' as const, content: 'Say something.' }];

async function apiErrorOf(promise: Promise<unknown>): Promise<APIError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function contentOf(chunks: readonly ChatCompletionChunk[]): string[] {
  return chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).filter((t) => t !== '');
}

describe('streaming chat completions', () => {
  it('streams a scripted reply as several deltas the SDK joins back into the text', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    fake.script({ replies: [{ text, chunkSize: 5, delayMs: 2 }] });

    const chunks = await collect(
      await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true }),
    );

    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(contentOf(chunks).length).toBeGreaterThanOrEqual(5);
    expect(contentOf(chunks).join('')).toBe(text);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt-4o')).toBe(true);
  });

  it('delivers each delta as it is written instead of buffering the stream', async () => {
    // The stream stalls after two deltas and never ends on its own: a buffered stream would deliver nothing.
    fake.script({ replies: [{ chunks: ['a', 'b', 'c', 'd'], stallAfterChunks: 2 }] });
    const controller = new AbortController();
    const stream = await client().chat.completions.create(
      { model: 'gpt-4o', messages, stream: true },
      { signal: controller.signal },
    );

    const received: string[] = [];
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (text) received.push(text);
      if (received.length === 2) controller.abort();
    }

    expect(received).toEqual(['a', 'b']);
  });

  it('holds a stream after the scripted deltas until the test releases it, then plays the rest', async () => {
    fake.script({ replies: [{ chunks: ['a', 'b', 'c', 'd'], holdAfterChunks: 2 }] });
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true });
    const received: string[] = [];
    let released = false;
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (!text) continue;
      received.push(text);
      // Only the held deltas came before the release; the rest come after it.
      expect(released).toBe(received.length > 2);
      if (received.length === 2) {
        released = true;
        const answer = await fetch(`${fake.url}/__control/release`, { method: 'POST', body: '{}' });
        expect(answer.status).toBe(200);
      }
    }
    expect(received).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets a hold pass at once when the release came before the stream reached it', async () => {
    fake.release();
    fake.script({ replies: [{ chunks: ['a', 'b'], holdAfterChunks: 1 }] });
    const completion = await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true });
    const received: string[] = [];
    for await (const chunk of completion) received.push(chunk.choices[0]?.delta.content ?? '');
    expect(received.join('')).toBe('ab');
  });

  it('ends with a usage chunk that has no choices when include_usage is set', async () => {
    fake.script({ replies: [{ text: 'Counted.', usage: { prompt_tokens: 11, completion_tokens: 2 } }] });

    const chunks = await collect(
      await client().chat.completions.create({
        model: 'gpt-4o',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );

    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 11, completion_tokens: 2, total_tokens: 13 });
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('estimates usage when the script gives none', async () => {
    fake.script({ replies: [{ text: '12345678' }] });

    const chunks = await collect(
      await client().chat.completions.create({
        model: 'gpt-4o',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );

    const usage = chunks.at(-1)?.usage;
    expect(usage?.completion_tokens).toBe(2);
    expect(usage?.prompt_tokens).toBeGreaterThan(0);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + 2);
  });

  it('sends no usage when include_usage is not set', async () => {
    const chunks = await collect(
      await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true }),
    );

    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.every((c) => c.choices.length === 1)).toBe(true);
  });

  it('passes a scripted finish reason through', async () => {
    fake.script({ replies: [{ text: 'Cut o', finishReason: 'length' }] });

    const chunks = await collect(
      await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true }),
    );

    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length');
  });

  it('streams tool call deltas that the SDK assembles into complete calls', async () => {
    const args = JSON.stringify({ city: 'Paris', unit: 'celsius' });
    fake.script({ replies: [{ toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: args }] }] });

    const stream = client().chat.completions.stream({
      model: 'gpt-4o',
      messages,
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
    });
    const argumentDeltas: string[] = [];
    stream.on('chunk', (chunk) => {
      const piece = chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments;
      if (piece) argumentDeltas.push(piece);
    });
    const completion = await stream.finalChatCompletion();

    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args } },
    ]);
    expect(argumentDeltas.length).toBeGreaterThan(1);
  });

  it('quotes the last tool result after the scripted text when asked to', async () => {
    fake.script({ replies: [{ text: 'The API says: ', quoteToolOutput: true, chunks: ['ignored'] }] });

    const chunks = await collect(
      await client().chat.completions.create({
        model: 'gpt-4o',
        stream: true,
        messages: [
          { role: 'user', content: 'What does the API say?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_fact', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: 'old result' },
          { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: '{"fact":"42"}' }] },
        ],
      }),
    );

    expect(contentOf(chunks).join('')).toBe('The API says: {"fact":"42"}');
  });
});

describe('non-streaming chat completions', () => {
  it('returns a full chat.completion with usage', async () => {
    fake.script({ replies: [{ text: 'All at once.' }] });

    const completion = await client().chat.completions.create({ model: 'gpt-4o-mini', messages });

    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: 'All at once.' });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.completion_tokens).toBe(3);
    expect(completion.usage?.total_tokens).toBe((completion.usage?.prompt_tokens ?? 0) + 3);
  });

  it('serves scripted replies in order, then the default reply', async () => {
    fake.script({ replies: [{ text: 'first' }, { text: 'second' }] });
    const ask = async (): Promise<string | null | undefined> =>
      (await client().chat.completions.create({ model: 'gpt-4o', messages })).choices[0]?.message.content;

    expect([await ask(), await ask(), await ask()]).toEqual(['first', 'second', 'Hello from the fake.']);
  });
});

describe('models', () => {
  it('lists the default models in the OpenAI list shape', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) {
      expect(model).toMatchObject({ object: 'model', owned_by: 'parley-fake' });
      expect(typeof model.created).toBe('number');
      ids.push(model.id);
    }
    expect(ids).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });

  it('lists the models set by the script', async () => {
    fake.script({ models: ['my-model', { id: 'other', owned_by: 'someone' }] });

    const page = await client().models.list();

    expect(page.data.map((m) => [m.id, m.owned_by])).toEqual([
      ['my-model', 'parley-fake'],
      ['other', 'someone'],
    ]);
  });
});

describe('errors and broken connections', () => {
  it("maps a scripted 429 to the SDK's RateLimitError with status, code and headers", async () => {
    fake.script({ replies: [{ error: { status: 429, headers: { 'retry-after': '7' } } }] });

    const error = await apiErrorOf(
      client().chat.completions.create({ model: 'gpt-4o', messages, stream: true }),
    );

    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests' });
    expect(error.headers?.get('retry-after')).toBe('7');
  });

  it('returns a scripted error body as is', async () => {
    const body = { error: { message: 'Boom', type: 'server_error', param: null, code: 'custom' } };
    fake.script({ replies: [{ error: { status: 500, body } }] });

    const error = await apiErrorOf(client().chat.completions.create({ model: 'gpt-4o', messages }));

    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error).toMatchObject({ status: 500, code: 'custom', error: body.error });
  });

  it('rejects a wrong API key with 401 invalid_api_key without using up a reply', async () => {
    fake.script({ apiKey: 'sk-right', replies: [{ text: 'Authorised.' }] });

    const error = await apiErrorOf(client('sk-wrong').chat.completions.create({ model: 'gpt-4o', messages }));
    const completion = await client('sk-right').chat.completions.create({ model: 'gpt-4o', messages });

    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect(completion.choices[0]?.message.content).toBe('Authorised.');
  });

  it('makes the SDK stream throw, not hang, when the connection drops mid-stream', async () => {
    fake.script({ replies: [{ chunks: ['one ', 'two ', 'three'], dropAfterChunks: 2 }] });
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages, stream: true });

    const received: string[] = [];
    const outcome = (async () => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
    })();

    await expect(outcome).rejects.toThrow();
    expect(received.join('')).toBe('one two ');
  });

  it('keeps a stalled stream open until the client aborts, then serves the next request', async () => {
    fake.script({ replies: [{ chunks: ['partial', ' never'], stallAfterChunks: 1 }, { text: 'next' }] });
    const controller = new AbortController();
    const stream = await client().chat.completions.create(
      { model: 'gpt-4o', messages, stream: true },
      { signal: controller.signal },
    );

    const received: string[] = [];
    const outcome = (async () => {
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta.content;
        if (text) received.push(text);
        if (text === 'partial') setTimeout(() => controller.abort(), 30);
      }
    })();

    // The SDK ends iteration quietly when its own signal aborts the stream.
    await outcome;
    expect(controller.signal.aborted).toBe(true);
    expect(received).toEqual(['partial']);
    const next = await client().chat.completions.create({ model: 'gpt-4o', messages });
    expect(next.choices[0]?.message.content).toBe('next');
  });
});

describe('control route and request log', () => {
  async function control(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${fake.url}/__control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() };
  }

  it('scripts replies over plain HTTP for another process', async () => {
    const scripted = await control('POST', 'script', { replies: [{ text: 'Scripted over HTTP.' }] });

    const completion = await client().chat.completions.create({ model: 'gpt-4o', messages });

    expect(scripted).toEqual({ status: 200, json: { ok: true, pending: 1 } });
    expect(completion.choices[0]?.message.content).toBe('Scripted over HTTP.');
  });

  it('rejects a malformed script with 400 naming the field', async () => {
    const result = await control('POST', 'script', { replies: [{ text: 'x', chunkSize: 0 }] });

    expect(result).toEqual({
      status: 400,
      json: { error: 'script.replies[0].chunkSize: must be an integer >= 1' },
    });
  });

  it('records requests with method, path, headers and body, readable over HTTP and cleared by reset', async () => {
    await client('sk-recorded').chat.completions.create({ model: 'gpt-4o', messages, temperature: 0.5 });

    const recorded = await control('GET', 'requests');
    await control('POST', 'reset');
    const afterReset = await control('GET', 'requests');

    const expected = {
      method: 'POST',
      path: '/v1/chat/completions',
      headers: expect.objectContaining({ authorization: 'Bearer sk-recorded' }) as unknown,
      body: { model: 'gpt-4o', messages, temperature: 0.5 },
    };
    expect(recorded.json).toEqual({ requests: [expect.objectContaining(expected)] });
    expect(afterReset.json).toEqual({ requests: [] });
    expect(fake.requests).toEqual([]);
  });

  it('exposes the request log in-process', async () => {
    await client().models.list();
    await client().chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true });

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models',
      'POST /v1/chat/completions',
    ]);
    expect(fake.requests[1]?.body).toMatchObject({ model: 'gpt-4o-mini', messages, stream: true });
  });
});
