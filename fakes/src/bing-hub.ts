// The ChatHub WebSocket: SignalR JSON protocol with records ending in \x1e — the handshake answer `{}`,
// pings answered with pings, and a `chat` invocation (type 4) answered with the scripted reply.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { RawData } from 'ws';
import type { BingConversation, BingConversations } from './bing-create-route';
import { resultForStatus } from './bing-create-route';
import { completion, invocationEnd, planHubReply } from './bing-messages';
import type { HubRecord, HubTurn } from './bing-messages';
import type { BingReply, BingResult } from './bing-script';
import { playFrames } from './play-completion';
import type { FrameSink } from './play-completion';
import type { RequestLog } from './request-log';
import type { ScriptQueue } from './script-queue';

export const HUB_PATH = '/sydney/ChatHub';
export const RECORD_SEPARATOR = '\x1e';

export interface HubDeps {
  queue: ScriptQueue<BingReply>;
  log: RequestLog;
  conversations: BingConversations;
}

type Obj = Record<string, unknown>;

const DEFAULT_REPLY: BingReply = { text: 'Hello from the fake Bing.' };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordsOf(data: RawData): string[] {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(new Uint8Array(data));
  return buffer
    .toString('utf8')
    .split(RECORD_SEPARATOR)
    .filter((text) => text !== '');
}

function parseRecord(text: string): Obj | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObj(value) ? value : null;
  } catch {
    return null;
  }
}

function sendRecord(ws: WebSocket, record: HubRecord): Promise<void> {
  if (ws.readyState !== WebSocket.OPEN) return Promise.resolve();
  return new Promise((resolve) => ws.send(`${JSON.stringify(record)}${RECORD_SEPARATOR}`, () => resolve()));
}

function sink(ws: WebSocket, closeAtEnd: boolean): FrameSink<HubRecord> {
  return {
    write: (record) => sendRecord(ws, record),
    drop: () => ws.terminate(),
    end: () => {
      if (closeAtEnd) ws.close(1000);
    },
  };
}

interface Invocation {
  args: Obj;
  conversationId: string;
  invocationId: string;
}

/** The conversation an invocation belongs to, or the `result` Bing answers when it is not valid. */
function checkSession(
  call: Invocation,
  query: Record<string, string>,
  deps: HubDeps,
): BingConversation | BingResult {
  const { args } = call;
  const conversation = deps.conversations.get(call.conversationId);
  if (!conversation) return { value: 'InvalidSession', message: 'Conversation not found.' };
  const signature =
    query.sec_access_token ?? args.encryptedConversationSignature ?? args.conversationSignature;
  if (signature !== conversation.signature) return { value: 'InvalidSession', message: 'Invalid signature.' };
  const participant = args.participant;
  if (!isObj(participant) || participant.id !== conversation.clientId) {
    return { value: 'InvalidRequest', message: 'participant.id does not match the conversation.' };
  }
  const message = args.message;
  if (!isObj(message) || message.author !== 'user' || typeof message.text !== 'string') {
    return { value: 'InvalidRequest', message: 'message: an author user and a text are required.' };
  }
  return conversation;
}

function turnOf(call: Invocation, conversation: BingConversation | null): HubTurn {
  const message = call.args.message;
  return {
    conversationId: call.conversationId,
    clientId: conversation?.clientId ?? '',
    invocationId: call.invocationId,
    requestId: randomUUID(),
    userText: isObj(message) && typeof message.text === 'string' ? message.text : '',
    userMessageCount: conversation?.userMessages ?? 0,
  };
}

async function fail(ws: WebSocket, turn: HubTurn, result: BingResult): Promise<void> {
  await sendRecord(ws, completion(turn, [], { message: null, ...result }));
  await sendRecord(ws, invocationEnd(turn));
}

function invocationOf(record: Obj): Invocation {
  const args = Array.isArray(record.arguments) && isObj(record.arguments[0]) ? record.arguments[0] : {};
  return {
    args,
    conversationId: typeof args.conversationId === 'string' ? args.conversationId : '',
    invocationId: typeof record.invocationId === 'string' ? record.invocationId : '0',
  };
}

async function answerChat(
  ws: WebSocket,
  record: Obj,
  query: Record<string, string>,
  deps: HubDeps,
  signal: AbortSignal,
): Promise<void> {
  const call = invocationOf(record);
  const session = checkSession(call, query, deps);
  if (!('signature' in session)) return fail(ws, turnOf(call, null), session);
  const reply = deps.queue.take() ?? DEFAULT_REPLY;
  // A reply scripted for conversation create, met by a continued conversation: answered as its result.
  if (reply.error)
    return fail(ws, turnOf(call, session), resultForStatus(reply.error.status, reply.error.message));
  if (reply.createResult) return fail(ws, turnOf(call, session), reply.createResult);
  session.userMessages += 1;
  const plan = planHubReply(turnOf(call, session), reply);
  await playFrames(sink(ws, reply.hubError !== undefined), plan, reply, signal);
}

/** Serves one upgraded ChatHub connection. */
export function serveHub(ws: WebSocket, query: Record<string, string>, deps: HubDeps): void {
  const abort = new AbortController();
  ws.on('close', () => abort.abort());
  let handshaken = false;
  const onRecord = async (record: Obj | null): Promise<void> => {
    if (!handshaken) {
      handshaken = record?.protocol === 'json' && record.version === 1;
      if (handshaken) await sendRecord(ws, {});
      else ws.close(1002, 'handshake expected');
      return;
    }
    if (record?.type === 6) await sendRecord(ws, { type: 6 });
    else if (record?.type === 4 && record.target === 'chat')
      await answerChat(ws, record, query, deps, abort.signal);
  };
  ws.on('message', (data) => {
    for (const text of recordsOf(data)) {
      const record = parseRecord(text);
      deps.log.record({ method: 'WS', path: HUB_PATH, query, headers: {}, body: record ?? text });
      onRecord(record).catch((error: unknown) => {
        console.error('[fake-bing] hub record failed:', error);
        ws.terminate();
      });
    }
  });
}
