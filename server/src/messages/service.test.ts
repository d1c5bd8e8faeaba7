import { randomUUID } from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { describeEachEngine } from '../../test/describe-each-engine';
import { findConversation, saveConversationForTurn } from '../conversations/service';
import { selectCurrentLeafId } from './path-repo';
import { createTestUser } from '../../test/test-users';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import type { AppError } from '../lib/errors';
import {
  getMessage,
  listMessages,
  pathToRoot,
  saveMessage,
  saveTurnMessage,
  type SaveMessageInput,
} from './service';

const statusOf = (promise: Promise<unknown>): Promise<number | undefined> =>
  promise.then(
    () => undefined,
    (error: AppError) => error.status,
  );

/** The same database through a drizzle instance that counts the statements it sends. */
function countingDb(database: Database): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const logger: Logger = { logQuery: (query) => queries.push(query) };
  const { driver } = database;
  if (driver.kind === 'pglite-worker') throw new Error('tests open PGlite in-process');
  const db: Db =
    driver.kind === 'pglite'
      ? drizzlePglite({ client: driver.client, schema, logger })
      : drizzleNodePg({ client: driver.pool, schema, logger });
  return { db, queries };
}

describeEachEngine('message service', (getDb, { getDatabase }) => {
  async function setup() {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const bob = await createTestUser(getDatabase(), { name: 'bob', password: null });
    const conversationId = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, {
      conversationId,
      endpoint: 'openAI',
      options: {},
    });
    return { alice, bob, conversationId };
  }
  const message = (conversationId: string, parentMessageId: string, text: string): SaveMessageInput => ({
    messageId: randomUUID(),
    conversationId,
    parentMessageId,
    sender: 'User',
    text,
    isCreatedByUser: true,
  });

  it('inserts a message, then updates it in place on the next save with the same id', async () => {
    const { alice, conversationId } = await setup();
    const draft = { ...message(conversationId, NO_PARENT, 'Hel'), unfinished: true, model: 'gpt-4o' };
    const saved = await saveMessage(getDb(), alice.user.id, draft);
    expect(saved).toMatchObject({
      text: 'Hel',
      unfinished: true,
      error: false,
      isEdited: false,
      tokenCount: null,
    });

    const final = await saveMessage(getDb(), alice.user.id, {
      ...draft,
      text: 'Hello!',
      unfinished: false,
      finish_reason: 'stop',
      tokenCount: 2,
      content: [{ type: 'text', text: 'Hello!' }],
      parentMessageId: randomUUID(),
    });
    expect(final).toMatchObject({
      messageId: draft.messageId,
      parentMessageId: NO_PARENT,
      text: 'Hello!',
      unfinished: false,
      finish_reason: 'stop',
      tokenCount: 2,
      content: [{ type: 'text', text: 'Hello!' }],
      createdAt: saved.createdAt,
    });
    expect(await listMessages(getDb(), alice.user.id, conversationId)).toEqual([final]);
  });

  it('never overwrites another user’s message, even with its id, and never writes into their conversation', async () => {
    const { alice, bob, conversationId } = await setup();
    const original = await saveMessage(getDb(), alice.user.id, message(conversationId, NO_PARENT, 'mine'));

    const bobsConversation = randomUUID();
    await saveConversationForTurn(getDb(), bob.user.id, {
      conversationId: bobsConversation,
      endpoint: 'openAI',
      options: {},
    });
    const hijack = { ...message(bobsConversation, NO_PARENT, 'hijacked'), messageId: original.messageId };
    expect(await statusOf(saveMessage(getDb(), bob.user.id, hijack))).toBe(404);
    const intoAlices = { ...message(conversationId, NO_PARENT, 'hijacked'), messageId: original.messageId };
    expect(await statusOf(saveMessage(getDb(), bob.user.id, intoAlices))).toBe(404);
    expect(await statusOf(saveMessage(getDb(), bob.user.id, message(conversationId, NO_PARENT, 'x')))).toBe(
      404,
    );

    expect(await getMessage(getDb(), alice.user.id, conversationId, original.messageId)).toEqual(original);
    expect(await getMessage(getDb(), bob.user.id, conversationId, original.messageId)).toBeNull();
    expect(await listMessages(getDb(), alice.user.id, conversationId)).toHaveLength(1);
  });

  it('saves a message in one statement', async () => {
    const { alice, conversationId } = await setup();
    const { db, queries } = countingDb(getDatabase());
    await saveMessage(db, alice.user.id, message(conversationId, NO_PARENT, 'one round trip'));
    expect(queries).toHaveLength(1);
  });

  it('saves a turn’s new conversation and its user message together, in one statement', async () => {
    const { alice } = await setup();
    const conversationId = randomUUID();
    const turn = {
      conversation: { conversationId, endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.5 } },
      message: { ...message(conversationId, NO_PARENT, 'first question'), model: 'gpt-4o' },
    };
    const { db, queries } = countingDb(getDatabase());
    const saved = await saveTurnMessage(db, alice.user.id, turn);
    expect(queries).toHaveLength(1);
    expect(saved.conversation).toMatchObject({ conversationId, model: 'gpt-4o', temperature: 0.5 });
    expect(saved.message).toMatchObject({ messageId: turn.message.messageId, text: 'first question' });
    expect(await findConversation(getDb(), alice.user.id, conversationId)).toEqual(saved.conversation);
    expect(await listMessages(getDb(), alice.user.id, conversationId)).toEqual([saved.message]);

    const next = message(conversationId, saved.message.messageId, 'follow-up');
    const again = await saveTurnMessage(getDb(), alice.user.id, {
      conversation: { ...turn.conversation, model: 'gpt-4o-mini' },
      message: next,
    });
    expect(again.conversation.model).toBe('gpt-4o-mini');
    expect(again.conversation.createdAt).toBe(saved.conversation.createdAt);
    // Both kept; their order is not asserted: saved within a millisecond, they tie on PGlite's clock.
    const texts = (await listMessages(getDb(), alice.user.id, conversationId)).map((m) => m.text);
    expect(texts.sort()).toEqual(['first question', 'follow-up']);
  });

  it('saves neither the conversation nor the message of a turn in another user’s conversation', async () => {
    const { alice, bob, conversationId } = await setup();
    const before = await findConversation(getDb(), alice.user.id, conversationId);
    const turn = {
      conversation: { conversationId, endpoint: 'anthropic', model: 'claude', options: {} },
      message: message(conversationId, NO_PARENT, 'hijack'),
    };
    expect(await statusOf(saveTurnMessage(getDb(), bob.user.id, turn))).toBe(404);
    expect(await findConversation(getDb(), alice.user.id, conversationId)).toEqual(before);
    expect(await listMessages(getDb(), alice.user.id, conversationId)).toEqual([]);
  });

  it('saves a turn with its leaf and its reply’s first save in one statement, the reply strictly newer', async () => {
    const { alice, bob } = await setup();
    const conversationId = randomUUID();
    const question = message(conversationId, NO_PARENT, 'question');
    const reply: SaveMessageInput = {
      ...message(conversationId, question.messageId, ''),
      sender: 'GPT-4',
      isCreatedByUser: false,
      unfinished: true,
    };
    const conversation = {
      conversationId,
      endpoint: 'openAI',
      options: {},
      currentLeafId: question.messageId,
    };
    const { db, queries } = countingDb(getDatabase());
    const saved = await saveTurnMessage(db, alice.user.id, { conversation, message: question, reply });
    expect(queries).toHaveLength(1);
    expect(saved.reply).toMatchObject({
      messageId: reply.messageId,
      unfinished: true,
      isCreatedByUser: false,
    });
    // Oldest first by the microsecond clock: the reply comes after its question, whatever their ids.
    expect(await listMessages(getDb(), alice.user.id, conversationId)).toEqual([saved.message, saved.reply]);
    expect(await selectCurrentLeafId(getDb(), alice.user.id, conversationId)).toBe(question.messageId);

    // A message id of someone else's: nothing is saved, and the leaf stays where it was.
    const bobs = randomUUID();
    await saveConversationForTurn(getDb(), bob.user.id, {
      conversationId: bobs,
      endpoint: 'openAI',
      options: {},
    });
    const taken = await saveMessage(getDb(), bob.user.id, message(bobs, NO_PARENT, 'bob'));
    const stolen = { ...message(conversationId, question.messageId, 'again'), messageId: taken.messageId };
    const refused = saveTurnMessage(getDb(), alice.user.id, {
      conversation: { ...conversation, currentLeafId: taken.messageId },
      message: stolen,
    });
    expect(await statusOf(refused)).toBe(404);
    expect(await selectCurrentLeafId(getDb(), alice.user.id, conversationId)).toBe(question.messageId);
  });

  it('never moves a message to another conversation of the same user', async () => {
    const { alice, conversationId } = await setup();
    const other = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, {
      conversationId: other,
      endpoint: 'openAI',
      options: {},
    });
    const original = await saveMessage(getDb(), alice.user.id, message(conversationId, NO_PARENT, 'here'));
    const moved = { ...message(other, NO_PARENT, 'there'), messageId: original.messageId };
    expect(await statusOf(saveMessage(getDb(), alice.user.id, moved))).toBe(404);
    expect(await getMessage(getDb(), alice.user.id, conversationId, original.messageId)).toEqual(original);
  });

  it('refuses ids that cannot form a tree', async () => {
    const { alice, conversationId } = await setup();
    const self = message(conversationId, NO_PARENT, 'x');
    expect(
      await statusOf(saveMessage(getDb(), alice.user.id, { ...self, parentMessageId: self.messageId })),
    ).toBe(400);
    expect(await statusOf(saveMessage(getDb(), alice.user.id, { ...self, messageId: NO_PARENT }))).toBe(400);
    expect(await statusOf(saveMessage(getDb(), alice.user.id, { ...self, messageId: 'abc' }))).toBe(400);
  });

  it('returns the path from the root to a message of a branched tree, in one query', async () => {
    const { alice, bob, conversationId } = await setup();
    const save = (parent: string, text: string) =>
      saveMessage(getDb(), alice.user.id, message(conversationId, parent, text));
    const root = await save(NO_PARENT, 'root');
    const a1 = await save(root.messageId, 'a1');
    const b1 = await save(root.messageId, 'b1 (regenerated)');
    const a2 = await save(a1.messageId, 'a2');
    const b2 = await save(b1.messageId, 'b2');
    const b3 = await save(b2.messageId, 'b3');
    await save(a2.messageId, 'a3');

    const { db, queries } = countingDb(getDatabase());
    const path = await pathToRoot(db, alice.user.id, conversationId, b3.messageId);
    expect(queries).toHaveLength(1);
    expect(path.map((m) => m.text)).toEqual(['root', 'b1 (regenerated)', 'b2', 'b3']);
    expect(
      (await pathToRoot(getDb(), alice.user.id, conversationId, a2.messageId)).map((m) => m.text),
    ).toEqual(['root', 'a1', 'a2']);
    expect(await pathToRoot(getDb(), alice.user.id, conversationId, root.messageId)).toEqual([root]);
    expect(await pathToRoot(getDb(), bob.user.id, conversationId, b3.messageId)).toEqual([]);
    expect(await pathToRoot(getDb(), alice.user.id, conversationId, randomUUID())).toEqual([]);
  });

  it('stops walking at a cycle in a damaged tree', async () => {
    const { alice, conversationId } = await setup();
    const first = message(conversationId, randomUUID(), 'first');
    const second = message(conversationId, first.messageId, 'second');
    first.parentMessageId = second.messageId;
    await saveMessage(getDb(), alice.user.id, first);
    await saveMessage(getDb(), alice.user.id, second);
    const path = await pathToRoot(getDb(), alice.user.id, conversationId, second.messageId);
    expect(path.length).toBeLessThanOrEqual(2);
  });
});
