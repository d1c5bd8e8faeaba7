import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseChatGPTBrowserScript } from './chatgpt-browser-script';
import { startFakeChatGPTBrowser } from './chatgpt-browser-server';
import type { FakeChatGPTBrowser } from './chatgpt-browser-server';
import { ScriptValidationError } from './parse-script';

const TOKEN = 'access-token';
let fake: FakeChatGPTBrowser;

beforeAll(async () => {
  fake = await startFakeChatGPTBrowser();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.script({ apiKey: TOKEN });
});

function nextBody(
  text: string,
  ids: { conversation?: string; parent?: string } = {},
): Record<string, unknown> {
  return {
    action: 'next',
    messages: [
      {
        id: randomUUID(),
        author: { role: 'user' },
        role: 'user',
        content: { content_type: 'text', parts: [text] },
      },
    ],
    ...(ids.conversation ? { conversation_id: ids.conversation } : {}),
    parent_message_id: ids.parent ?? randomUUID(),
    model: 'text-davinci-002-render-sha',
  };
}

function post(body: unknown, token = TOKEN): Promise<Response> {
  return fetch(fake.conversationUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify(body),
  });
}

/** The `data:` payloads of an event-stream body. */
async function dataOf(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}

interface AnswerEvent {
  message: {
    id: string;
    author: { role: string };
    content: { content_type: string; parts: string[] };
    status: string;
    end_turn: boolean | null;
    metadata: Record<string, unknown>;
  } | null;
  conversation_id: string;
  error: string | null;
}

const parse = (data: string): AnswerEvent => JSON.parse(data) as AnswerEvent;

describe('fake ChatGPT web backend: answers', () => {
  it('streams the whole message so far in every event, a finished one, then [DONE]', async () => {
    fake.script({ replies: [{ chunks: ['Hel', 'lo', '!'] }] });

    const response = await post(nextBody('Hi'));
    const data = await dataOf(response);

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(data.at(-1)).toBe('[DONE]');
    const events = data.slice(0, -1).map(parse);
    expect(events.map((e) => e.message?.content.parts[0])).toEqual(['Hel', 'Hello', 'Hello!', 'Hello!']);
    expect(events.map((e) => e.message?.status)).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
      'finished_successfully',
    ]);
    const last = events.at(-1)?.message;
    expect(last).toMatchObject({
      author: { role: 'assistant' },
      end_turn: true,
      content: { content_type: 'text' },
    });
    expect(last?.metadata.finish_details).toEqual({ type: 'stop', stop_tokens: [100260] });
    expect(new Set(events.map((e) => e.conversation_id)).size).toBe(1);
    expect(new Set(events.map((e) => e.message?.id)).size).toBe(1);
  });

  it('continues a conversation it knows from the assistant message it sent', async () => {
    const first = (await dataOf(await post(nextBody('One')))).slice(0, -1).map(parse).at(-1);
    const ids = { conversation: first?.conversation_id ?? '', parent: first?.message?.id ?? '' };

    const second = (await dataOf(await post(nextBody('Two', ids)))).slice(0, -1).map(parse);

    expect(second.at(-1)?.conversation_id).toBe(ids.conversation);
    expect(second.at(-1)?.message?.metadata.parent_id).toEqual(expect.any(String));
  });

  it('sends a scripted mid-stream error as an event with a null message', async () => {
    fake.script({ replies: [{ chunks: ['a', 'b'], streamError: { afterChunks: 1, message: 'Oops' } }] });

    const data = await dataOf(await post(nextBody('Hi')));

    expect(data).toHaveLength(3);
    expect(parse(data[1] ?? '')).toMatchObject({ message: null, error: 'Oops' });
    expect(data[2]).toBe('[DONE]');
  });
});

describe('fake ChatGPT web backend: errors', () => {
  it('rejects a wrong access token with 401 and the expired-token detail', async () => {
    const response = await post(nextBody('Hi'), 'other');

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ detail: { code: 'token_expired' } });
  });

  it('answers 422 with a FastAPI detail for a missing parent_message_id', async () => {
    const { parent_message_id: _dropped, ...body } = nextBody('Hi');

    const response = await post(body);

    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ loc: ['body', 'parent_message_id'], msg: 'field required', type: 'value_error' }],
    });
  });

  it('answers 404 for a conversation it does not know', async () => {
    const response = await post(nextBody('Hi', { conversation: 'nope', parent: 'x' }));

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Conversation not found' });
  });

  it('answers a scripted status with the backend body for it, and logs the request', async () => {
    fake.script({ replies: [{ error: { status: 429 } }] });

    const response = await post(nextBody('Hi'));

    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('limit of messages') });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/backend-api/conversation' });
  });

  it('is scripted and read through the control routes', async () => {
    const scripted = await fetch(`${fake.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ replies: [{ text: 'Via control', finishType: 'max_tokens' }] }),
    });
    expect(await scripted.json()).toEqual({ ok: true, pending: 1 });

    const events = (await dataOf(await post(nextBody('Hi')))).slice(0, -1).map(parse);
    const logged = (await (await fetch(`${fake.url}/__control/requests`)).json()) as { requests: unknown[] };

    expect(events.at(-1)?.message?.metadata.finish_details).toEqual({ type: 'max_tokens' });
    expect(logged.requests).toHaveLength(1);
  });

  it('rejects script fields it does not know, naming them', () => {
    expect(() => parseChatGPTBrowserScript({ replies: [{ finishReason: 'stop' }] })).toThrow(
      ScriptValidationError,
    );
    expect(() => parseChatGPTBrowserScript({ replies: [{ finishType: 'done' }] })).toThrow(
      'script.replies[0].finishType: must be one of stop, max_tokens, interrupted',
    );
  });
});
