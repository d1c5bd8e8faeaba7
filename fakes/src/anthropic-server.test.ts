import Anthropic, { APIError } from '@anthropic-ai/sdk';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from './anthropic-server';
import type { FakeAnthropic } from './anthropic-server';

let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function client(apiKey = 'sk-ant-test'): Anthropic {
  return new Anthropic({ apiKey, baseURL: fake.url, maxRetries: 0 });
}

const base = { model: 'claude-3-haiku-20240307', max_tokens: 100 };
const messages = [{ role: 'user' as const, content: 'Say something.' }];

async function collect(stream: AsyncIterable<RawMessageStreamEvent>): Promise<RawMessageStreamEvent[]> {
  const events: RawMessageStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
}

async function apiErrorOf(promise: Promise<unknown>): Promise<APIError> {
  const error = await errorOf(promise);
  if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

function textOf(events: readonly RawMessageStreamEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'content_block_delta' && e.delta.type === 'text_delta' ? [e.delta.text] : [],
  );
}

describe('streaming messages', () => {
  it('streams message_start, text deltas, message_delta with stop reason and usage, then message_stop', async () => {
    fake.script({
      replies: [{ chunks: ['Hel', 'lo', ' there'], usage: { input_tokens: 12, output_tokens: 3 } }],
    });

    const events = await collect(await client().messages.create({ ...base, messages, stream: true }));

    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(textOf(events)).toEqual(['Hel', 'lo', ' there']);
    const start = events[0];
    expect(start?.type === 'message_start' && start.message.usage.input_tokens).toBe(12);
    const delta = events.find((e) => e.type === 'message_delta');
    expect(delta?.type === 'message_delta' && delta.delta.stop_reason).toBe('end_turn');
    expect(delta?.type === 'message_delta' && delta.usage.output_tokens).toBe(3);
  });

  it('frames every event as "event: X" plus JSON data with the same type, ping included', async () => {
    const response = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': 'k' },
      body: JSON.stringify({ ...base, messages, stream: true }),
    });
    const frames = (await response.text()).split('\n\n').filter((f) => f !== '');

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    for (const frame of frames) {
      const [eventLine, dataLine] = frame.split('\n');
      const name = eventLine?.replace('event: ', '');
      expect(JSON.parse(dataLine?.replace('data: ', '') ?? '{}')).toMatchObject({ type: name });
    }
    expect(frames[2]).toMatch(/^event: ping\n/);
  });

  it('streams a scripted tool call as a tool_use block with input_json_delta pieces', async () => {
    const args = '{"city":"Paris","unit":"c"}';
    fake.script({
      replies: [{ text: 'Let me check.', toolCalls: [{ id: 'toolu_1', name: 'weather', arguments: args }] }],
    });

    const message = await client()
      .messages.stream({ ...base, messages })
      .finalMessage();

    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Let me check.' }),
      expect.objectContaining({
        type: 'tool_use',
        id: 'toolu_1',
        name: 'weather',
        input: { city: 'Paris', unit: 'c' },
      }),
    ]);
  });

  it('reports the scripted stop reason and stop sequence', async () => {
    fake.script({ replies: [{ text: 'one two', stopReason: 'stop_sequence', stopSequence: 'three' }] });

    const message = await client()
      .messages.stream({ ...base, messages })
      .finalMessage();

    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('three');
  });

  it('sends an error event mid-stream when scripted, which the SDK throws', async () => {
    fake.script({
      replies: [{ chunks: ['a', 'b', 'c'], streamError: { afterChunks: 1, type: 'overloaded_error' } }],
    });
    const seen: string[] = [];

    const error = await apiErrorOf(
      (async () => {
        for await (const event of await client().messages.create({ ...base, messages, stream: true })) {
          seen.push(...textOf([event]));
        }
      })(),
    );

    expect(seen).toEqual(['a']);
    expect(error.type).toBe('overloaded_error');
  });

  it('destroys the socket after the scripted number of deltas', async () => {
    fake.script({ replies: [{ chunks: ['a', 'b', 'c'], dropAfterChunks: 2 }] });
    const seen: string[] = [];

    const error = await errorOf(
      (async () => {
        for await (const event of await client().messages.create({ ...base, messages, stream: true })) {
          seen.push(...textOf([event]));
        }
      })(),
    );

    expect(seen).toEqual(['a', 'b']);
    expect(error).toBeInstanceOf(Error);
  });

  it('stalls after the scripted deltas until the client aborts', async () => {
    fake.script({ replies: [{ chunks: ['a', 'b'], stallAfterChunks: 1 }] });
    const abort = new AbortController();
    const seen: string[] = [];

    const stream = await client().messages.create(
      { ...base, messages, stream: true },
      { signal: abort.signal },
    );
    // The stream ends only because the client aborts it (without the abort the test would time out); 'b'
    // would arrive in the 50 ms left to it, were the stream not stalled. The SDK ends iteration quietly
    // when its own signal aborts the stream.
    await errorOf(
      (async () => {
        for await (const event of stream) {
          seen.push(...textOf([event]));
          if (seen.length === 1) setTimeout(() => abort.abort(), 50);
        }
      })(),
    );

    expect(abort.signal.aborted).toBe(true);
    expect(seen).toEqual(['a']);
  });
});

describe('non-streaming messages', () => {
  it('answers with a Message holding text, stop reason and usage', async () => {
    fake.script({ replies: [{ text: 'Hi!', usage: { input_tokens: 5, output_tokens: 2 } }] });

    const message = await client().messages.create({ ...base, messages });

    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hi!' })]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 5, output_tokens: 2 });
  });
});

describe('errors', () => {
  it.each([
    [401, 'authentication_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [529, 'overloaded_error'],
  ])('answers a scripted %i with the Anthropic error body of type %s', async (status, type) => {
    fake.script({ replies: [{ error: { status } }] });

    const error = await apiErrorOf(client().messages.create({ ...base, messages, stream: true }));

    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(status);
    expect(error.type).toBe(type);
    expect(error.error).toMatchObject({ type: 'error', error: { type } });
  });

  it('accepts the key as Authorization Bearer (the SDK) or x-api-key, and rejects a wrong one', async () => {
    fake.script({ apiKey: 'right' });

    await expect(client('right').messages.create({ ...base, messages })).resolves.toBeDefined();
    const raw = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        'x-api-key': 'right',
      },
      body: JSON.stringify({ ...base, messages }),
    });
    expect(raw.status).toBe(200);
    const error = await apiErrorOf(client('wrong').messages.create({ ...base, messages }));
    expect(error.status).toBe(401);
    expect(error.type).toBe('authentication_error');
  });

  it('rejects messages that do not alternate, as the real API does', async () => {
    const error = await apiErrorOf(
      client().messages.create({
        ...base,
        messages: [
          { role: 'user', content: 'a' },
          { role: 'user', content: 'b' },
        ],
      }),
    );

    expect(error.status).toBe(400);
    expect(error.type).toBe('invalid_request_error');
    expect(error.apiMessage).toMatch(/roles must alternate/);
  });

  it('rejects a conversation that starts with the assistant', async () => {
    const error = await apiErrorOf(
      client().messages.create({ ...base, messages: [{ role: 'assistant', content: 'a' }] }),
    );

    expect(error.apiMessage).toMatch(/first message must use the "user" role/);
  });
});

describe('models and control routes', () => {
  it('lists the scripted models through the SDK', async () => {
    fake.script({ models: ['claude-a', 'claude-b'] });

    const page = await client().models.list();

    expect(page.data.map((m) => m.id)).toEqual(['claude-a', 'claude-b']);
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: 'claude-a' });
  });

  it('takes scripts over HTTP, records requests and resets', async () => {
    const scripted = await fetch(`${fake.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ replies: [{ text: 'over http', stopReason: 'max_tokens' }] }),
    });
    expect(scripted.status).toBe(200);

    const message = await client().messages.create({ ...base, system: 'Be brief.', messages });
    const log = (await (await fetch(`${fake.url}/__control/requests`)).json()) as {
      requests: { body: unknown }[];
    };

    expect(message.stop_reason).toBe('max_tokens');
    expect(log.requests[0]?.body).toMatchObject({ system: 'Be brief.', max_tokens: 100 });
    await fetch(`${fake.url}/__control/reset`, { method: 'POST' });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a malformed script with the path of the problem', async () => {
    const response = await fetch(`${fake.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ replies: [{ stopReason: 'done' }] }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/^script\.replies\[0\]\.stopReason: must be one of/),
    });
  });
});
