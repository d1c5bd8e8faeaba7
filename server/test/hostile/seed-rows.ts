import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NO_PARENT } from '@parley/shared/constants';
import { paths } from '@parley/shared/api/paths';
import { saveConversationForTurn } from '../../src/conversations/service';
import type { Database } from '../../src/db/client';
import { saveMessage } from '../../src/messages/service';
import type { TestUser } from '../test-users';

const KEY_EXPIRES_AT = '2099-01-01T00:00:00.000Z';

export interface SeededRows {
  conversationId: string;
  messageId: string;
  keyName: string;
  /** When the stored key expires (so its owner's `GET /api/keys` shows it). */
  keyExpiresAt: string;
  presetId: string;
  /** Text only this user's rows hold, to look for in another user's answers. */
  marker: string;
}

/** A conversation with one message and a stored key of `user`, each carrying a unique marker. */
export async function seedRows(
  app: FastifyInstance,
  database: Database,
  user: TestUser,
  title = 'Fixture',
): Promise<SeededRows> {
  const marker = `parleymarker${randomUUID().replaceAll('-', '')}`;
  const conversationId = randomUUID();
  const messageId = randomUUID();
  const { db } = database;
  await saveConversationForTurn(db, user.user.id, {
    conversationId,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    options: { promptPrefix: marker },
    title: `${title} ${marker}`,
  });
  await saveMessage(db, user.user.id, {
    messageId,
    conversationId,
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: `hello ${marker}`,
    isCreatedByUser: true,
  });
  const keyName = 'openAI';
  const saved = await app.inject({
    method: 'PUT',
    url: paths.keys,
    headers: user.headers,
    payload: { name: keyName, value: JSON.stringify({ apiKey: `sk-${marker}` }), expiresAt: KEY_EXPIRES_AT },
  });
  if (saved.statusCode !== 201) throw new Error(`PUT /api/keys answered ${saved.statusCode}: ${saved.body}`);
  const preset = await app.inject({
    method: 'POST',
    url: paths.presets,
    headers: user.headers,
    payload: { title: `Preset ${marker}`, endpoint: 'openAI', model: 'gpt-4o-mini', promptPrefix: marker },
  });
  if (preset.statusCode !== 200)
    throw new Error(`POST /api/presets answered ${preset.statusCode}: ${preset.body}`);
  const { presetId } = preset.json<{ presetId: string }>();
  return { conversationId, messageId, keyName, keyExpiresAt: KEY_EXPIRES_AT, presetId, marker };
}
