import { NO_PARENT } from '@parley/shared/constants';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { BENCH_MODEL } from './bench-server';

/** When the frames of one event stream arrived at the client (`performance.now()` clock). */
export interface StreamTiming {
  status: number;
  started: number;
  /** First and last content delta: Parley's `text` events, or OpenAI chunks with `delta.content`. */
  firstDelta?: number;
  lastDelta?: number;
  deltas: number;
  /** Parley: `final` seen; OpenAI: `[DONE]` seen. */
  completed: boolean;
  /** Parley `error` events, and the data of the first. */
  errors: number;
  firstError?: string;
}

type FrameKind = 'created' | 'delta' | 'end' | 'error' | 'other';

interface ReadOptions {
  signal?: AbortSignal;
  /** Called once, when the first delta arrives. */
  onFirstDelta?: () => void;
  /** Called with the arrival time of every delta (frames read from one chunk share it). */
  onDelta?: (at: number) => void;
  /** Parley: called with the conversation's id when the `created` event arrives. */
  onCreated?: (conversationId: string) => void;
}

async function readFrames(
  response: Response,
  started: number,
  classify: (frame: string) => FrameKind,
  options: ReadOptions,
): Promise<StreamTiming> {
  const timing: StreamTiming = { status: response.status, started, deltas: 0, completed: false, errors: 0 };
  if (!response.body || response.status !== 200) {
    await response.body?.cancel();
    return timing;
  }
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body) {
      const at = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames) {
        const kind = classify(frame);
        if (kind === 'created') options.onCreated?.(createdConversationId(frame));
        else if (kind === 'delta') {
          timing.deltas += 1;
          timing.lastDelta = at;
          options.onDelta?.(at);
          if (timing.firstDelta === undefined) {
            timing.firstDelta = at;
            options.onFirstDelta?.();
          }
        } else if (kind === 'end') timing.completed = true;
        else if (kind === 'error') {
          timing.errors += 1;
          timing.firstError ??= frame;
        }
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return timing;
}

function classifyParley(frame: string): FrameKind {
  const event = /^event: (\w+)$/m.exec(frame)?.[1];
  if (event === 'text') return 'delta';
  if (event === 'created') return 'created';
  if (event === 'final') return 'end';
  return event === 'error' ? 'error' : 'other';
}

function createdConversationId(frame: string): string {
  const data = /^data: (.*)$/m.exec(frame)?.[1] ?? '{}';
  return (JSON.parse(data) as { conversationId: string }).conversationId;
}

function classifyOpenAI(frame: string): FrameKind {
  const data = frame.startsWith('data: ') ? frame.slice(6) : '';
  if (data === '[DONE]') return 'end';
  if (!data.includes('"content"')) return 'other';
  const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
  return chunk.choices?.[0]?.delta?.content ? 'delta' : 'other';
}

/** A new conversation's first message. */
export function newChatBody(text = 'Hello, bench'): Record<string, unknown> {
  return { text, conversationId: null, parentMessageId: NO_PARENT, endpoint: 'openAI', model: BENCH_MODEL };
}

/** `POST /api/ask/openAI` read to the end of its event stream. */
export async function timeAsk(
  url: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  options: ReadOptions = {},
): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${url}/api/ask/openAI`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return readFrames(response, started, classifyParley, options);
}

/** A chat completion request sent straight to the fake, read to `[DONE]`. */
export async function timeCompletion(baseURL: string, body: unknown): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify(body),
  });
  return readFrames(response, started, classifyOpenAI, {});
}

/** The chat completion request Parley sent for a chat whose message was `text` (not its title request). */
export function chatRequestFor(fake: FakeOpenAI, text: string): unknown {
  for (let i = fake.requests.length - 1; i >= 0; i--) {
    const body = fake.requests[i]?.body as { messages?: { content?: unknown }[] } | null;
    if (body?.messages?.at(-1)?.content === text) return body;
  }
  throw new Error(`no request to the fake carried "${text}"`);
}
