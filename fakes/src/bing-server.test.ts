import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseBingScript } from './bing-script';
import { startFakeBing } from './bing-server';
import type { FakeBing } from './bing-server';

const RS = '\x1e';
const COOKIE = 'user-cookie';
let fake: FakeBing;

beforeAll(async () => {
  fake = await startFakeBing();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.script({ apiKey: COOKIE });
});

interface Created {
  conversationId: string;
  clientId: string;
  signature: string;
}

async function create(cookie = `_U=${COOKIE}`): Promise<{ response: Response; created: Created }> {
  const response = await fetch(`${fake.url}/turing/conversation/create`, { headers: { cookie } });
  const body = (await response.clone().json()) as { conversationId: string; clientId: string };
  const signature = response.headers.get('x-sydney-encryptedconversationsignature') ?? '';
  return { response, created: { conversationId: body.conversationId, clientId: body.clientId, signature } };
}

type HubRecord = Record<string, unknown>;

/** Connects, shakes hands, sends `records`, and collects what comes back until type 3 or the close. */
async function converse(
  created: Created,
  records: HubRecord[],
): Promise<{ received: HubRecord[]; code: number }> {
  const ws = new WebSocket(
    `${fake.url.replace('http', 'ws')}/sydney/ChatHub?sec_access_token=${encodeURIComponent(created.signature)}`,
  );
  const received: HubRecord[] = [];
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`));
    ws.on('message', (data: Buffer) => {
      for (const text of data.toString('utf8').split(RS).filter(Boolean)) {
        const record = JSON.parse(text) as HubRecord;
        received.push(record);
        if (received.length === 1) for (const r of records) ws.send(`${JSON.stringify(r)}${RS}`);
        if (record.type === 3) ws.close(1000);
      }
    });
    ws.on('close', (code) => resolve({ received, code }));
  });
}

function chat(created: Created, text = 'Hi'): HubRecord {
  const argument = {
    source: 'cib',
    isStartOfSession: true,
    message: { author: 'user', text, messageType: 'Chat' },
    participant: { id: created.clientId },
    conversationId: created.conversationId,
  };
  return { arguments: [argument], invocationId: '0', target: 'chat', type: 4 };
}

function updateTexts(received: HubRecord[]): unknown[] {
  return received
    .filter((r) => r.type === 1)
    .map((r) => (r.arguments as Array<{ messages: Array<{ text: string }> }>)[0]?.messages[0]?.text);
}

describe('fake Bing: conversation create', () => {
  it('answers ids in the body and the encrypted signature in a header', async () => {
    const { response, created } = await create();

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { value: 'Success', message: null } });
    expect(created.conversationId).toMatch(/^51D\|/);
    expect(created.clientId).toMatch(/^\d+$/);
    expect(created.signature.length).toBeGreaterThan(20);
  });

  it('answers UnauthorizedRequest (with 200, as Bing does) for a wrong _U cookie', async () => {
    const { response } = await create('_U=other');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      result: expect.objectContaining({ value: 'UnauthorizedRequest' }),
    });
  });

  it('answers a scripted HTTP status with its result body', async () => {
    fake.script({ replies: [{ error: { status: 429 } }] });

    const { response } = await create();

    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      result: { value: 'Throttled', message: 'Request is throttled.' },
    });
  });
});

describe('fake Bing: ChatHub', () => {
  it('answers the handshake and pings, then streams whole-text updates, the final item and type 3', async () => {
    const { created } = await create();
    fake.script({
      replies: [
        {
          chunks: ['Paris', ' [^1^]'],
          sourceAttributions: [{ providerDisplayName: 'Wiki', seeMoreUrl: 'https://w.example/paris' }],
          suggestedResponses: ['More?'],
        },
      ],
    });

    const { received } = await converse(created, [{ type: 6 }, chat(created)]);

    expect(received.slice(0, 2)).toEqual([{}, { type: 6 }]);
    expect(updateTexts(received)).toEqual(['Paris', 'Paris [^1^]']);
    const item = received.find((r) => r.type === 2) as {
      invocationId: string;
      item: Record<string, unknown>;
    };
    expect(item.invocationId).toBe('0');
    expect(item.item.result).toMatchObject({ value: 'Success', message: 'Paris [^1^]' });
    const [user, bot] = item.item.messages as HubRecord[];
    expect(user).toMatchObject({ author: 'user', text: 'Hi' });
    expect(bot).toMatchObject({
      author: 'bot',
      text: 'Paris [^1^]',
      sourceAttributions: [{ providerDisplayName: 'Wiki', seeMoreUrl: 'https://w.example/paris' }],
      suggestedResponses: [expect.objectContaining({ text: 'More?', messageType: 'Suggestion' })],
    });
    expect(received.at(-1)).toEqual({ type: 3, invocationId: '0' });
  });

  it('logs the upgrade and every record the client sent', async () => {
    const { created } = await create();

    await converse(created, [chat(created, 'Logged')]);

    const hub = fake.requests.filter((r) => r.path === '/sydney/ChatHub');
    expect(hub[0]).toMatchObject({ method: 'GET', query: { sec_access_token: created.signature } });
    expect(hub.slice(1).map((r) => r.method)).toEqual(['WS', 'WS']);
    expect(hub[2]?.body).toMatchObject({ type: 4, arguments: [{ message: { text: 'Logged' } }] });
  });

  it('answers InvalidSession for a conversation it did not create', async () => {
    const { created } = await create();

    const { received } = await converse(created, [chat({ ...created, conversationId: 'unknown' })]);

    expect(received.find((r) => r.type === 2)).toMatchObject({
      item: { result: { value: 'InvalidSession' } },
    });
  });

  it('breaks the connection after the scripted number of updates', async () => {
    const { created } = await create();
    fake.script({ replies: [{ chunks: ['a', 'b', 'c'], dropAfterChunks: 1 }] });

    const { received, code } = await converse(created, [chat(created)]);

    expect(updateTexts(received)).toEqual(['a']);
    expect(code).toBe(1006);
  });

  it('rejects script fields it does not know, naming them', () => {
    expect(() => parseBingScript({ replies: [{ usage: {} }] })).toThrow(
      'script.replies[0].usage: is not a known field',
    );
    expect(() => parseBingScript({ replies: [{ result: { value: 1 } }] })).toThrow(
      'script.replies[0].result.value: must be a string',
    );
  });
});
